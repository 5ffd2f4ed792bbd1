import { defineConfig, mergeConfig } from 'vite'
import { precompress } from '../scripts/precompress.js'
import base from './vite.config.js'

// `dist/attachments.js`: the attach UI, a module of its own that widget.js imports only on a
// channel with attachments, as it does handoff.js (see vite.handoff.config.ts; docs/widget.md).
export default mergeConfig(
  { ...base, plugins: [] },
  defineConfig({
    plugins: [precompress(['attachments.js'])],
    build: { lib: { entry: 'src/attachments/index.ts', fileName: () => 'attachments.js' }, emptyOutDir: false },
  }),
)
