// Read by @sveltejs/vite-plugin-svelte and by editor tooling alike.
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  compilerOptions: {
    // Component styles go to the stylesheet Vite emits: the page's CSP allows no injected <style>.
    css: 'external',
    // No `window.__svelte` global.
    discloseVersion: false,
  },
}
