import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, cleanEnv, SERVE_URL_LINE, start, stop, tempProject } from './cli.js'

// The kernel's build carries its own copy of `@opentelemetry/api` (scripts/bundle-packages.mjs).
// The copy must still find the SDK a host registers through its own `@opentelemetry/api`, as
// docs/observability.md tells hosts to: an instrumentation file preloaded into `chatbot serve`.
const resolve = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href

function instrumentation(dir: string, log: string): string {
  const file = join(dir, 'instrumentation.mjs')
  writeFileSync(
    file,
    `import { appendFileSync } from 'node:fs'
import { trace } from ${JSON.stringify(resolve('@opentelemetry/api'))}
import { BasicTracerProvider, SimpleSpanProcessor } from ${JSON.stringify(resolve('@opentelemetry/sdk-trace-base'))}
const exporter = {
  export(spans, done) { for (const span of spans) appendFileSync(${JSON.stringify(log)}, span.name + '\\n'); done({ code: 0 }) },
  shutdown: () => Promise.resolve(),
}
trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
`,
  )
  return file
}

describe('chatbot serve with an OpenTelemetry SDK registered by the host', () => {
  let provider: DemoProvider
  beforeAll(async () => {
    assertBuilt()
    provider = await createDemoProvider()
  })
  afterAll(() => provider.close())

  it('records the chat span of a turn through the kernel’s bundled API', { timeout: 120_000 }, async () => {
    const dir = tempProject()
    const log = join(dir, 'spans.log')
    writeFileSync(log, '')
    const appKey = generateAppKey()
    const env = cleanEnv({
      CHATBOT_APP_KEY: appKey,
      CHATBOT_BASE_URL: provider.url,
      CHATBOT_API_KEY: 'k',
      CHATBOT_MODEL: 'span-model',
      CHATBOT_ROUTE_MIDDLEWARE: '',
      CHATBOT_DATABASE_URL: join(dir, 'chatbot.sqlite'),
      NODE_OPTIONS: `--import ${instrumentation(dir, log)}`,
    })
    const server = await start(['serve', '--port', '0'], dir, env, SERVE_URL_LINE)
    try {
      const token = createEnvelopeSigner({ appKey }).mint({ route: 'test.page', channel: 'default', userId: 'user-1' })
      const response = await fetch(`${server.match[1]}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message: 'hi' }) })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('"type":"done"')
      await expect.poll(() => readFileSync(log, 'utf8').split('\n')).toContain('chat span-model')
    } finally {
      await stop(server.child)
    }
  })
})
