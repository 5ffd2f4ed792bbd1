import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, declarationsOf, envNames, generateAppKey, knownKeys, type ResolvedConfig } from '@chatbot-kit/kernel'
import { loadChatbotConfig } from '../src/config/load.js'
import { builtinPlugins, resolveConfig } from '../src/create.js'

// What the kernel and the built-in plugins declare: the keys `chatbot install` must write.
const declarations = declarationsOf(builtinPlugins())
const ENV_NAMES = envNames(declarations)
const CONFIG_KEYS = knownKeys(declarations).config
// Plugins are fresh objects per resolve: compare them by name.
const comparable = (config: ResolvedConfig) => ({ ...config, plugins: config.plugins.map((plugin) => plugin.name) })
import { assertBuilt, cleanEnv, run, start, stop, tempProject } from './cli.js'

const URL_LINE = /serving (http:\/\/[\d.]+:\d+)\/chatbot/

beforeAll(() => assertBuilt())

describe('chatbot --help', () => {
  it.each([[[]], [['dev']], [['serve']], [['install']], [['key']], [['migrate']], [['envelope']]])('%j --help exits 0 with usage', async (args) => {
    const result = await run([...args, '--help'], tempProject())
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('USAGE')
  })
})

describe('chatbot install', () => {
  it('writes a config listing every env name, and an app key to .env; keeps the key with --force', async () => {
    const dir = tempProject()
    const first = await run(['install'], dir)
    expect(first.code).toBe(0)
    const config = readFileSync(join(dir, 'chatbot.config.ts'), 'utf8')
    for (const env of ENV_NAMES.values()) expect(config).toContain(env)
    const env = readFileSync(join(dir, '.env'), 'utf8')
    const key = env.match(/^CHATBOT_APP_KEY=(base64:[\w+/=]+)$/m)![1]!

    const again = await run(['install'], dir)
    expect(again.code).toBe(1)
    expect(again.stderr + again.stdout).toContain('--force')

    expect((await run(['install', '--force'], dir)).code).toBe(0)
    expect(readFileSync(join(dir, '.env'), 'utf8').match(/CHATBOT_APP_KEY=/g)).toHaveLength(1)
    expect(readFileSync(join(dir, '.env'), 'utf8')).toContain(key)
  })

  it('writes every config key, set to its default, and the result starts with no warning', async () => {
    const dir = tempProject()
    expect((await run(['install'], dir)).code).toBe(0)
    const written = readFileSync(join(dir, 'chatbot.config.ts'), 'utf8')
    const leaves = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, shape]) => (typeof shape === 'object' ? leaves(shape as object, `${prefix}${key}.`) : [`${prefix}${key}`]))
    for (const path of leaves(CONFIG_KEYS)) expect(written, path).toMatch(new RegExp(`\\b${path.split('.').at(-1)}:`))

    // The config imports chatbot-kit, as in a user's app.
    mkdirSync(join(dir, 'node_modules'))
    symlinkSync(fileURLToPath(new URL('..', import.meta.url)), join(dir, 'node_modules', 'chatbot-kit'))
    const saved = { ...process.env }
    try {
      const loaded = await loadChatbotConfig({ cwd: dir })
      const appKey = readFileSync(join(dir, '.env'), 'utf8').match(/^CHATBOT_APP_KEY=(.+)$/m)![1]!
      expect(comparable(loaded)).toEqual(comparable(resolveConfig({ appKey }, {})))
    } finally {
      process.env = saved
    }
    const minted = await run(['envelope', '--route', 'r', '--guest', 'g'], dir, cleanEnv())
    expect(minted.code).toBe(0)
    expect(minted.stderr).not.toMatch(/Unknown config key|names no registered tool/)
  })
})

describe('start-up failures are clear', () => {
  it('refuses to start without an app key, naming it', async () => {
    const result = await run(['serve', '--port', '0'], tempProject())
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toMatch(/appKey.*npx chatbot key/s)
  })

  it('names a bad env value', async () => {
    const result = await run(['serve', '--port', '0'], tempProject(), cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_TOKEN_CAP: 'lots' }))
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toContain('CHATBOT_TOKEN_CAP')
  })

  it('rejects a bad port', async () => {
    const result = await run(['serve', '--port', 'abc'], tempProject())
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toContain('--port')
  })
})

describe('chatbot serve, migrate and envelope', () => {
  let provider: DemoProvider
  let dir: string
  let env: Record<string, string>
  beforeAll(async () => {
    provider = await createDemoProvider()
    dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), `export default { channels: { default: { greeting: 'Hi from config' } } }\n`)
    env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'k', CHATBOT_ROUTE_MIDDLEWARE: '' })
  })
  afterAll(() => provider.close())

  it('serve --no-migrate reports 503 until migrate runs, and says so only while a migration is pending', async () => {
    const noted = /--no-migrate\)[^\n]*/
    const server = await start(['serve', '--port', '0', '--no-migrate'], dir, env, noted)
    const origin = server.output().match(URL_LINE)![1]!
    try {
      expect(server.match[0]).toMatch(/: 12 pending \(.+\); health reports 503 until `chatbot migrate` runs\.$/)
      expect((await fetch(`${origin}/chatbot/health`)).status).toBe(503)
      const migrated = await run(['migrate'], dir, env)
      expect(migrated.code).toBe(0)
      expect(migrated.stdout + migrated.stderr).toMatch(/Applied 12 migration/)
      expect((await fetch(`${origin}/chatbot/health`)).status).toBe(200)
      expect((await run(['migrate'], dir, env)).stdout).toMatch(/up to date/)
    } finally {
      expect(await stop(server.child)).toBe(0)
    }
    const again = await start(['serve', '--port', '0', '--no-migrate'], dir, env, noted)
    try {
      expect(again.match[0]).toMatch(/: none is pending, the database is up to date\.$/)
      expect(again.match[0]).not.toMatch(/503/)
      expect((await fetch(`${again.output().match(URL_LINE)![1]}/chatbot/health`)).status).toBe(200)
    } finally {
      expect(await stop(again.child)).toBe(0)
    }
  })

  it('envelope prints a token the server accepts; serve streams a reply and keeps history', async () => {
    const minted = await run(['envelope', '--route', 'docs.page', '--user', 'alice'], dir, env)
    expect(minted.code).toBe(0)
    const token = minted.stdout.trim()
    expect(createEnvelopeSigner({ appKey: env.CHATBOT_APP_KEY! }).verify(token)).toMatchObject({ uid: 'alice', route: 'docs.page', channel: 'default', greeting: 'Hi from config' })

    const server = await start(['serve', '--port', '0'], dir, env, URL_LINE)
    const origin = server.match[1]!
    try {
      provider.script({ text: 'Hello from the provider' })
      const response = await fetch(`${origin}/chatbot/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ signed_context: token, message: 'Hi' }),
      })
      expect(response.status).toBe(200)
      const body = await response.text()
      expect(body).toContain('"type":"done"')
      const id = response.headers.get('x-chatbot-conversation-id')!
      const history = (await (await fetch(`${origin}/chatbot/conversations/${id}/messages?signed_context=${token}`)).json()) as { messages: { content: string }[] }
      expect(history.messages.map((message) => message.content)).toEqual(['Hi from config', 'Hi', 'Hello from the provider'])
    } finally {
      expect(await stop(server.child)).toBe(0)
    }
  })

  it('envelope refuses a channel the config does not declare', async () => {
    const result = await run(['envelope', '--route', 'r', '--user', 'u', '--channel', 'nope'], dir, env)
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toContain('unknown_channel')
  })

  it('envelope needs exactly one identity', async () => {
    const result = await run(['envelope', '--route', 'r'], dir, env)
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toContain('--user')
  })
})
