import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'
import { sizeBudget } from './build/size-budget.js'

// One self-contained ES module, `dist/widget.js`: Svelte's custom-element mode puts the CSS
// inside the shadow root, so there is no stylesheet to serve and nothing leaks into the page.
export default defineConfig({
  plugins: [
    svelte({
      // Comments in the component's CSS explain it to readers, not to browsers.
      preprocess: { style: ({ content }) => ({ code: content.replace(/\/\*[\s\S]*?\*\//g, '') }) },
      compilerOptions: {
        customElement: true,
        // No `window.__svelte` global on the host page.
        discloseVersion: false,
      },
    }),
    sizeBudget('widget.js'),
  ],
  build: {
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      fileName: () => 'widget.js',
    },
    outDir: 'dist',
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Library mode keeps whitespace and annotations for downstream bundlers; this file is
        // served to browsers as is, so it gets the full treatment, and stays one file.
        minify: true,
        comments: false,
        codeSplitting: false,
      },
    },
  },
})
