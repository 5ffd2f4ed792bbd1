import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { postJson, readSse } from '@chatbot-kit/test-utils'
import { PACKED_ADMIN_TOKEN } from './packed/checks.js'
import { startApp, type RunningApp } from './packed/server.js'
import { childEnv, installApps, packWorkspaces, REPO, run, timed } from './packed/workspace.js'

// A standalone app as docs/getting-started.md makes one: `npm install chatbot-kit` from the
// packed tarballs into a new folder outside the repository, nothing else. What a production
// install weighs, and the docs' samples that need an install of their own.

/** Build-time tools that once reached production installs, and what brought each. */
const OFFENDERS: [RegExp, string][] = [
  // `@trpc/server` declares TypeScript as a required peer: npm installed TypeScript 7 and its
  // native compiler (`@typescript/typescript-<platform>`, ~30 MB) with it, until
  // @chatbot-kit/admin bundled tRPC's server code.
  [/^typescript$/, '@trpc/server (a required peer)'],
  [/^@typescript\//, 'typescript 7 (its native compiler)'],
  [/^@trpc\/server$/, '@chatbot-kit/admin'],
]
/** Apparent size in MB (91 in 1.2, 121 with the TypeScript that 1.1 pulled in); docs/deployment.md states it. */
const MAX_INSTALL_MB = 110

type Tree = { version?: string; dependencies?: Record<string, Tree> }

/** Every installed package in `npm ls --all --json`'s tree (an optional peer nobody installed has no version). */
function packageNames(tree: Tree, into = new Set<string>()): Set<string> {
  for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
    if (child.version === undefined) continue
    into.add(name)
    packageNames(child, into)
  }
  return into
}

/** Bytes of the files under `dir` (what `du` reports, without the block rounding). */
function sizeOf(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const path = join(dir, entry.name)
    if (entry.isSymbolicLink()) return sum
    return sum + (entry.isDirectory() ? sizeOf(path) : statSync(path).size)
  }, 0)
}

describe('a standalone app installed from the packed packages', () => {
  let work: string
  let app: string
  let provider: DemoProvider
  let server: RunningApp | undefined
  const appKey = generateAppKey()

  beforeAll(async () => {
    if (!existsSync(join(REPO, 'packages/admin/dist/index.js'))) throw new Error('Build first (npm run build; npm test does).')
    work = mkdtempSync(join(tmpdir(), 'chatbot-standalone-'))
    mkdirSync(join(work, 'tarballs'))
    const tarballs = await timed('npm pack', () => packWorkspaces(join(work, 'tarballs')))
    app = join(work, 'app')
    await timed('npm install chatbot-kit', () => installApps(app, tarballs, {}))
    provider = await createDemoProvider()
  }, 40 * 60_000)

  afterAll(async () => {
    await server?.stop()
    await provider?.close()
    if (work) rmSync(work, { recursive: true, force: true })
  }, 60_000)

  it('has no build-time tool in its production tree, and weighs what docs/deployment.md says', async () => {
    const tree = JSON.parse(await run('npm', ['ls', '--all', '--omit=dev', '--json'], app)) as Tree
    const names = packageNames(tree)
    expect(names.has('chatbot-kit')).toBe(true)
    const found = OFFENDERS.flatMap(([pattern, cause]) => [...names].filter((name) => pattern.test(name)).map((name) => `${name}, brought by ${cause}`))
    expect(found).toEqual([])
    const megabytes = sizeOf(join(app, 'node_modules')) / 1024 / 1024
    console.log(`[standalone] node_modules: ${megabytes.toFixed(1)} MB, ${names.size} packages`)
    expect(megabytes).toBeLessThan(MAX_INSTALL_MB)
  })

  it('runs the typed admin client of docs/admin.md, with @trpc/client as its only added dependency, and type-checks it', async () => {
    server = await startApp('npx', ['--no', '--', 'chatbot', 'serve', '--port', '0'], app, childEnv({
      CHATBOT_APP_KEY: appKey,
      CHATBOT_BASE_URL: provider.url,
      CHATBOT_API_KEY: 'test-key',
      CHATBOT_ADMIN_TOKEN: PACKED_ADMIN_TOKEN,
      CHATBOT_ROUTE_MIDDLEWARE: '',
    }), /serving (http:\/\/[^\s/]+)\/chatbot/)
    const envelope = createEnvelopeSigner({ appKey }).mint({ userId: 'ada', route: 'docs.admin', channel: 'default' })
    // The version health reports is the packages' (versions.test.ts ties it to the changelog).
    const health = (await (await fetch(`${server.origin}/chatbot/health`)).json()) as { version: string }
    expect(health.version).toBe((JSON.parse(readFileSync(join(REPO, 'packages/chatbot/package.json'), 'utf8')) as { version: string }).version)
    const reply = await postJson(`${server.origin}/chatbot/messages`, { signed_context: envelope, message: 'hello' })
    const conversation = reply.headers.get('x-chatbot-conversation-id')!
    expect((await readSse<{ type: string }>(reply)).at(-1)?.type).toBe('done')

    // docs/admin.md: `npm install @trpc/client`, then `npx tsx admin-client.ts` (tsx is what runs a .ts file).
    await timed('npm install @trpc/client tsx', () => run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '@trpc/client', 'tsx'], app))
    copyFileSync(join(REPO, 'docs/examples/admin-client.ts'), join(app, 'admin-client.ts'))
    const output = await run('npx', ['--no', '--', 'tsx', 'admin-client.ts'], app, childEnv({ CHATBOT_URL: server.origin, CHATBOT_ADMIN_TOKEN: PACKED_ADMIN_TOKEN }))
    expect(output).toContain(`${conversation} default: 2 messages, 0 tool calls`)
    expect(output).toContain('Pruning now would delete 0 conversations.')

    // Typed end to end: TypeScript came with @trpc/client (its peer), AdminRouter from chatbot-kit/admin.
    const compilerOptions = { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: true, types: [] }
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['admin-client.ts', 'node-globals.d.ts'] }))
    // The sample reads process.env; an app has @types/node, this one only needs those two names.
    writeFileSync(join(app, 'node-globals.d.ts'), 'declare const process: { env: Record<string, string | undefined> }\n')
    expect(await run('npx', ['--no', '--', 'tsc', '-p', '.'], app).catch((error: Error) => error.message)).toBe('')
  }, 10 * 60_000)

  it('answers from a docs folder with hybrid retrieval: knowledge sync and search with embeddings, from the installed packages', async () => {
    mkdirSync(join(app, 'help'), { recursive: true })
    writeFileSync(join(app, 'help/returns.md'), '# Returns\n\nUnworn items can be returned within 30 days for a full refund.\n')
    writeFileSync(join(app, 'help/shipping.md'), '# Shipping\n\nOrders ship within two working days, worldwide.\n')
    writeFileSync(join(app, 'knowledge.config.mjs'), "export default { knowledge: { sources: { help: { type: 'files', path: 'help' } }, embeddings: { model: 'demo-embedding' } } }\n")
    const env = childEnv({ CHATBOT_APP_KEY: appKey, CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'test-key', CHATBOT_DATABASE_URL: join(app, 'knowledge.sqlite') })
    const chatbot = (...args: string[]) => run('npx', ['--no', '--', 'chatbot', 'knowledge', ...args, '--config', 'knowledge.config.mjs'], app, env)
    expect(await chatbot('sync')).toMatch(/help: 2 added, 0 changed, 0 removed, 0 unchanged; 2 chunks; 2 embedding requests/)
    const search = await chatbot('search', 'How long do I have to return unworn items?')
    expect(search).not.toMatch(/could not be embedded/)
    expect(search).toMatch(/^1\. \[[\d.]+\] Returns \(help: returns\.md\)$/m)
  }, 5 * 60_000)
})
