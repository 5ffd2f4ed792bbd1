// Read by @sveltejs/vite-plugin-svelte (vite.config.ts names it).
/** @type {import('@sveltejs/vite-plugin-svelte').SvelteConfig} */
export default {
  compilerOptions: {
    // Component styles go to app.css: the page's CSP allows no injected <style>.
    css: 'external',
    discloseVersion: false,
  },
}
