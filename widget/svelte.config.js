// Read by @sveltejs/vite-plugin-svelte and by editor tooling alike.
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  // The component has no <style> block: its CSS is src/element/widget.css, adopted as a
  // constructable stylesheet. Svelte's injected mode would add a <style> element, which a strict
  // Content-Security-Policy (style-src 'self') blocks; a <style> block added here by mistake is
  // dropped rather than injected (test/source-rules.test.ts forbids it).
  vitePlugin: { emitCss: false },
  compilerOptions: {
    css: 'external',
    // No `window.__svelte` global on the host page.
    discloseVersion: false,
  },
}
