// Bundles compiled packages into one module each (plus chunks for what loads lazily), the file
// their package.json `exports` name. Node 20 has no module compile cache and pays per module it
// loads (resolving, reading, compiling, linking): `chatbot serve` loaded ~175 files before this
// did the plugins too, most of what was left of its start-up budget (docs/performance.md).
// - The kernel, with Kysely, hookable and unstorage's core, into packages/kernel/dist/kernel.js:
//   Kysely alone is ~280 files and ~180 ms to import, ~30 ms bundled.
// - The provider client's files into packages/provider/dist/provider.js (ofetch stays lazy).
// - The store connections into packages/stores/dist/stores.js, and that again into the kernel's
//   bundle, so the kernel and its stores share one copy of Kysely (the Redis and Postgres drivers stay lazy).
// - The HTTP building blocks (SSE, static files, draining) into packages/http/dist/http.js, and that
//   again into the kernel's bundle: one module fewer for every start-up to load.
// - Each plugin's own files into plugins/<name>/dist/bundle.js, but for its admin procedures
//   (src/admin/, which its `admin` field imports with the first admin request): they stay the
//   compiled files beside it. Bundled, the code they share with the plugin would become a chunk
//   every start-up loads; as files, they load only with an admin request (with copies of the
//   plugin's storage functions they use, which keep no module state).
// - @chatbot-kit/admin with tRPC's server inlined, from its sources, in place of the files its
//   package.json `exports` name: `@trpc/server` declares TypeScript as a required peer
//   dependency, so depending on it put TypeScript's ~30 MB native compiler into every
//   production install (docs/deployment.md, "Installed size"). Its types stay an import.
// Everything else stays an import: packages that others share (h3, consola, the kernel itself),
// native drivers, and what loads lazily (Postgres, Redis, the tokenizer, ofetch, the MCP SDK).
import { readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Keeps bare imports as imports, unless `inline(path)` says to bundle them, and relative ones matching `separate`. */
const externalUnless = (inline, separate = /^$/) => ({
  name: 'external-but-inline',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, ({ path }) => (inline(path) ? undefined : { path, external: true }))
    esbuild.onResolve({ filter: separate }, ({ path }) => ({ path, external: true }))
  },
})

/** Bundles `entryPoints` (output name → input file) into `dist/` of `folder`, beside chunks for what loads lazily. */
async function bundleInto(folder, entryPoints, inline, separate) {
  const dist = join(root, folder, 'dist')
  // Chunks from an earlier build carry other hashes.
  for (const file of readdirSync(dist)) if (file.startsWith('chunk-')) rmSync(join(dist, file))
  await build({
    entryPoints,
    outdir: dist,
    allowOverwrite: true,
    // Lazy imports stay separate chunks, loaded when used. Chunks sit beside the bundle, so the
    // kernel's `version.ts` still finds ../package.json from any of them.
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
    plugins: [externalUnless(inline, separate)],
  })
}

/**
 * Bundles `dist/index.js` of `folder` into `dist/<name>.js`; bare imports stay imports unless in
 * `inline`, and so do relative imports matching `separate`.
 */
const bundle = (folder, name, inline = [], separate) => bundleInto(folder, { [name]: join(root, folder, 'dist', 'index.js') }, (path) => inline.includes(path), separate)

/**
 * Bundles each `exports` entry of `folder` from its TypeScript source (`./dist/x.js` from
 * `src/x.ts`) over the file tsc wrote, so that building again starts from the sources.
 */
function bundleExports(folder, inline) {
  const { exports } = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'))
  const entries = Object.values(exports)
    .map((entry) => /^\.\/dist\/(.+)\.js$/.exec(entry.default ?? '')?.[1])
    .filter(Boolean)
    .map((name) => [name, join(root, folder, 'src', `${name}.ts`)])
  return bundleInto(folder, Object.fromEntries(entries), inline)
}

await bundle('packages/provider', 'provider')
await bundle('packages/stores', 'stores')
await bundle('packages/http', 'http')
// Two entries, the host's (kernel.js) and the plugins' helpers (plugin-entry.js: plugin.js is tsc's output of src/plugin.ts), sharing one copy of the kernel's modules in a chunk.
const kernelDist = join(root, 'packages/kernel/dist')
await bundleInto('packages/kernel', { kernel: join(kernelDist, 'index.js'), 'plugin-entry': join(kernelDist, 'for-plugins.js') }, (path) => ['@chatbot-kit/stores', '@chatbot-kit/http', 'kysely', 'hookable', 'unstorage', 'unstorage/drivers/memory', '@opentelemetry/api'].includes(path))
await Promise.all(readdirSync(join(root, 'plugins')).map((plugin) => bundle(join('plugins', plugin), 'bundle', [], /^\.\/admin\//)))
await bundleExports('packages/admin', (path) => /^@trpc\/server(\/|$)/.test(path))
