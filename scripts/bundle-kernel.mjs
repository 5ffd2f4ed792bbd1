// Bundles the kernel's compiled modules, with Kysely, hookable and unstorage's core, into
// packages/kernel/dist/kernel.js (its package entry). Node 20 has no module compile cache and
// pays per module loaded: Kysely alone is ~280 files and ~180 ms to import, ~30 ms bundled,
// which is most of what `chatbot serve` needs to reach healthy within 300 ms (docs/performance.md).
// Everything else stays an import: packages that other packages share (h3, consola), native
// drivers, and what loads lazily (Postgres, Redis, the tokenizer, ofetch).
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const dist = fileURLToPath(new URL('../packages/kernel/dist/', import.meta.url))
const INLINE = ['kysely', 'hookable', 'unstorage', 'unstorage/drivers/memory']

// Chunks from an earlier build carry other hashes.
for (const file of readdirSync(dist)) if (file.startsWith('chunk-')) rmSync(join(dist, file))

await build({
  entryPoints: { kernel: join(dist, 'index.js') },
  outdir: dist,
  // The lazy imports (Redis counters) stay separate chunks, loaded when used. Chunks sit beside
  // kernel.js, so `version.ts` still finds ../package.json from any of them.
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-but-inline',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => (INLINE.includes(path) ? undefined : { path, external: true }))
      },
    },
  ],
})
