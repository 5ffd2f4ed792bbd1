// Bundles compiled packages into one module each (plus chunks for what loads lazily), the file
// their package.json `exports` name. Node 20 has no module compile cache and pays per module it
// loads (resolving, reading, compiling, linking): `chatbot serve` loaded ~175 files before this
// did the plugins too, most of what was left of its start-up budget (docs/performance.md).
// - The kernel, with Kysely, hookable and unstorage's core, into packages/kernel/dist/kernel.js:
//   Kysely alone is ~280 files and ~180 ms to import, ~30 ms bundled.
// - Each plugin's own files into plugins/<name>/dist/bundle.js.
// Everything else stays an import: packages that others share (h3, consola, the kernel itself),
// native drivers, and what loads lazily (Postgres, Redis, the tokenizer, ofetch, the MCP SDK).
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Bundles `dist/index.js` of `folder` into `dist/<name>.js`; bare imports stay imports unless in `inline`. */
async function bundle(folder, name, inline = []) {
  const dist = join(root, folder, 'dist')
  // Chunks from an earlier build carry other hashes.
  for (const file of readdirSync(dist)) if (file.startsWith('chunk-')) rmSync(join(dist, file))
  await build({
    entryPoints: { [name]: join(dist, 'index.js') },
    outdir: dist,
    // Lazy imports stay separate chunks, loaded when used. Chunks sit beside the bundle, so the
    // kernel's `version.ts` still finds ../package.json from any of them.
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
          esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => (inline.includes(path) ? undefined : { path, external: true }))
        },
      },
    ],
  })
}

await bundle('packages/kernel', 'kernel', ['kysely', 'hookable', 'unstorage', 'unstorage/drivers/memory'])
await Promise.all(readdirSync(join(root, 'plugins')).map((plugin) => bundle(join('plugins', plugin), 'bundle')))
