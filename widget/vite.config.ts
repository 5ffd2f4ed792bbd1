import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'
import { precompress } from '../scripts/precompress.js'
import { sizeBudget } from './build/size-budget.js'

// One self-contained ES module, `dist/widget.js`, CSS inside (src/element/widget.css, imported as
// a string and adopted by each shadow root; see svelte.config.js): there is no stylesheet to
// serve, and nothing leaks into the host page. `widget.js.gz` and `widget.js.br` beside it are
// what the server sends a browser that accepts them.
export default defineConfig({
  plugins: [svelte(), sizeBudget('widget.js'), precompress(['widget.js'])],
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
    // Not lightningcss, Vite's default: it rounds the z-index default 2147483000 to 2147480000.
    cssMinify: 'esbuild',
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
