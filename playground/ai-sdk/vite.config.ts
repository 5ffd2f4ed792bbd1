import { fileURLToPath } from 'node:url'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'

// The AI SDK example (docs/playground.md): `src/main.ts` becomes `public/ai-sdk/dist/app.js` and
// `app.css`, fixed names that `ai-sdk.html` links and `chatbot dev` serves from `public/` (a
// `dist/` folder, so git and eslint skip it). Nothing inline (the page's CSP allows only its own
// files), one script, one stylesheet.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [svelte({ configFile: fileURLToPath(new URL('svelte.config.js', import.meta.url)) })],
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../public/ai-sdk/dist/', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: fileURLToPath(new URL('src/main.ts', import.meta.url)),
      output: { codeSplitting: false, entryFileNames: 'app.js', assetFileNames: 'app[extname]' },
    },
  },
})
