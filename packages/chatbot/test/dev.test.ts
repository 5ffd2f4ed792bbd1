import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSse } from '@chatbot-kit/test-utils'
import { assertBuilt, cleanEnv, start, stop, tempProject } from './cli.js'

const READY = /dev server: (http:\/\/[\d.]+:\d+)/

describe('chatbot dev', () => {
  let dir: string
  let server: Awaited<ReturnType<typeof start>>
  let origin: string
  beforeAll(async () => {
    assertBuilt()
    dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), `export default { channels: { default: { greeting: 'First greeting' }, support: {} } }\n`)
    server = await start(['dev', '--port', '0'], dir, cleanEnv({ CHATBOT_ROUTE_MIDDLEWARE: '' }), READY)
    origin = server.match[1]!
  })
  afterAll(async () => {
    expect(await stop(server.child)).toBe(0)
  })

  it('says it uses the demo provider and a dev key kept in .data/', () => {
    expect(server.output()).toContain('Provider: the built-in offline demo provider at http://127.0.0.1:')
    expect(server.output()).toContain('made a dev key in .data/dev-app-key')
  })

  it('serves a demo page hosting the widget with a fresh envelope per channel', async () => {
    const page = await (await fetch(`${origin}/?channel=support`)).text()
    expect(page).toContain('<script type="module" src="/chatbot/widget.js"></script>')
    const token = page.match(/signed-context="([^"]+)"/)![1]!
    const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { channel: string; gid?: string }
    expect(payload.channel).toBe('support')
    expect(payload.gid).toBeTruthy()
  })

  it('answers a message through the offline demo provider', async () => {
    const page = await (await fetch(`${origin}/`)).text()
    const token = page.match(/signed-context="([^"]+)"/)![1]!
    const response = await fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signed_context: token, message: 'Hello demo' }),
    })
    const stream = await readSse<{ type: string; content?: string }>(response)
    expect(stream.at(-1)!.type).toBe('done')
    const reply = stream
      .filter((event) => event.type === 'token')
      .map((event) => event.content)
      .join('')
    expect(reply).toContain('offline demo provider')
  })

  it('reloads the configuration when chatbot.config.ts changes', async () => {
    writeFileSync(join(dir, 'chatbot.config.ts'), `export default { channels: { default: { greeting: 'Second greeting' } } }\n`)
    await expect
      .poll(
        async () => {
          const page = await (await fetch(`${origin}/`)).text()
          const token = page.match(/signed-context="([^"]+)"/)![1]!
          return (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { greeting?: string }).greeting
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe('Second greeting')
  })
})
