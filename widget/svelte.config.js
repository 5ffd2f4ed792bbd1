// Read by @sveltejs/vite-plugin-svelte and by editor tooling alike.
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  // Comments in the component's CSS explain it to readers, not to browsers.
  preprocess: { style: ({ content }) => ({ code: content.replace(/\/\*[\s\S]*?\*\//g, '') }) },
  compilerOptions: {
    // Injected where the component is mounted: into the element's shadow root, not a stylesheet.
    css: 'injected',
    // No `window.__svelte` global on the host page.
    discloseVersion: false,
  },
}
