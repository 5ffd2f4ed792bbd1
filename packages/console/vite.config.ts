import { fileURLToPath } from 'node:url'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'
import { filesModule } from './build/files-module.js'

// The console is one HTML page, one script and one stylesheet, served by the admin plugin under
// `<base>/admin/` with a strict Content-Security-Policy: nothing inline, nothing from elsewhere.
// `dist/files.js` carries them all, for the admin plugin to import.
export default defineConfig({
  // Relative asset URLs: the server rewrites them for the page's depth, so any `base` (or proxy prefix) works.
  base: './',
  plugins: [svelte(), filesModule()],
  // The kernel's one UUID check and the widget's Markdown, as source: the console runs in the browser and cannot import the kernel.
  resolve: {
    alias: {
      '@chatbot-kit/kernel/uuid': fileURLToPath(new URL('../kernel/src/text/uuid.ts', import.meta.url)),
      '@chatbot-kit/widget/markdown': fileURLToPath(new URL('../../widget/src/markdown/index.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The polyfill would be inline-able code; every browser the console supports has modulepreload.
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    // Nothing becomes a data: URL or an inline script.
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: false } },
  },
})
