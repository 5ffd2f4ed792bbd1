import { defineConfig, mergeConfig } from 'vite'
import { precompress } from '../scripts/precompress.js'
import base from './vite.config.js'

// `dist/handoff.js`: the handoff UI, a module of its own that widget.js imports only on a channel
// with handoff (the kernel's budget covers what every page loads; this is on top, see docs/widget.md).
export default mergeConfig(
  { ...base, plugins: [] },
  defineConfig({
    plugins: [precompress(['handoff.js'])],
    build: { lib: { entry: 'src/handoff/index.ts', formats: ['es'], fileName: () => 'handoff.js' }, emptyOutDir: false },
  }),
)
