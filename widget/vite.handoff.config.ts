import { defineConfig, mergeConfig } from 'vite'
import { precompress } from '../scripts/precompress.js'
import base from './vite.config.js'

// `dist/handoff.js`: the handoff UI, a module of its own that widget.js imports only on a channel
// with handoff: the budget covers what every page loads, this comes on top (docs/widget.md).
// Arrays merge by concatenation, so only what differs is given here (`formats` stays `['es']`).
export default mergeConfig(
  { ...base, plugins: [] },
  defineConfig({
    plugins: [precompress(['handoff.js'])],
    build: { lib: { entry: 'src/handoff/index.ts', fileName: () => 'handoff.js' }, emptyOutDir: false },
  }),
)
