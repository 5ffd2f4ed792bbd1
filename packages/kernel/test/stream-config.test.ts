import { afterEach, describe, expect, it } from 'vitest'
import { createChatbot, generateAppKey, resolveConfig } from '@chatbot-kit/kernel'
import { expectConfigError, silentLogger } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from './harness.js'

const ENV = 'CHATBOT_STREAM_ABORT_ON_DISCONNECT'
const abortOnDisconnect = (file: Record<string, unknown>, env: Record<string, string> = {}) => resolveConfig(file as never, env).stream.abortOnDisconnect

describe('stream.abortOnDisconnect', () => {
  it('is false by default; the file sets it and the environment beats the file', () => {
    expect(abortOnDisconnect({})).toBe(false)
    expect(abortOnDisconnect({ stream: { abortOnDisconnect: true } })).toBe(true)
    expect(abortOnDisconnect({}, { [ENV]: 'true' })).toBe(true)
    expect(abortOnDisconnect({ stream: { abortOnDisconnect: true } }, { [ENV]: 'false' })).toBe(false)
  })

  it('names the key or the variable of a bad value', () => {
    expectConfigError(() => resolveConfig({}, { [ENV]: 'sometimes' }), ENV)
    expectConfigError(() => resolveConfig({ stream: { abortOnDisconnect: 'yes' } } as never, {}), 'stream.abortOnDisconnect')
  })

  it('stops start-up on a bad value, naming the variable', async () => {
    const started = createChatbot({ appKey: generateAppKey(), database: ':memory:' }, { env: { [ENV]: 'sometimes' }, logger: silentLogger() })
    await expect(started).rejects.toMatchObject({ name: 'ChatbotConfigException', key: ENV })
  })
})

describe('CHATBOT_STREAM_ABORT_ON_DISCONNECT=true at start-up', () => {
  let h: Harness | undefined
  afterEach(() => h?.close())

  it("brings back 1.0's disconnect: the reply is cut and stored incomplete as client_closed", async () => {
    h = await createHarness('socket', {}, { env: { [ENV]: 'true' } })
    expect(h.chatbot.config.stream.abortOnDisconnect).toBe(true)
    h.provider.script({ chunks: Array.from({ length: 100 }, (_, index) => `w${index} `), tokenDelayMs: 20 })
    const browser = new AbortController()
    const response = await h.post({ signed_context: h.envelope(), message: 'long' }, { signal: browser.signal })
    const reader = response.body!.getReader()
    let received = ''
    while (!received.includes('"w2 "')) received += new TextDecoder().decode((await reader.read()).value)
    browser.abort()
    const stored = () => h!.chatbot.db.selectFrom('messages').select(['status', 'finish_reason']).where('role', '=', 'assistant').executeTakeFirst()
    await expect.poll(stored, { timeout: 10_000 }).toEqual({ status: 'incomplete', finish_reason: 'client_closed' })
  })
})
