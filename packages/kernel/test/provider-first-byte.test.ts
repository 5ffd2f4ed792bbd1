import { resolveConfig } from '@chatbot-kit/kernel'
import { expectConfigError, createSilentProvider, type SilentProvider } from '@chatbot-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from './harness.js'
import { warnings } from './provider-calls.js'

const ENV = 'CHATBOT_PROVIDER_FIRST_BYTE_TIMEOUT'

describe('provider.firstByteTimeout', () => {
  it('is 60 s by default; the file sets it and the environment beats the file', () => {
    expect(resolveConfig({}, {}).provider.firstByteTimeout).toBe(60)
    expect(resolveConfig({ provider: { firstByteTimeout: 5 } }, {}).provider.firstByteTimeout).toBe(5)
    expect(resolveConfig({ provider: { firstByteTimeout: 5 } }, { [ENV]: '120' }).provider.firstByteTimeout).toBe(120)
  })

  it('names the key or the variable of a bad value', () => {
    expectConfigError(() => resolveConfig({}, { [ENV]: '2s' }), ENV)
    expectConfigError(() => resolveConfig({ provider: { firstByteTimeout: 0 } }, {}), 'provider.firstByteTimeout')
  })
})

describe('a provider that takes the request and goes silent, seen from the browser', () => {
  let h: Harness | undefined
  let provider: SilentProvider | undefined
  afterEach(async () => {
    await h?.close()
    await provider?.close()
  })

  it.each([
    ['before its headers', 'all', 'sent no answer'],
    ['after its headers', 'body', 'answered HTTP 200, then sent no byte of its body'],
  ] as const)('%s: provider_unavailable after provider.firstByteTimeout, not stream_timeout, and one warning naming the host and the wait', async (_case, silence, said) => {
    provider = await createSilentProvider(silence)
    const log = warnings()
    h = await createHarness('socket', { baseUrl: provider.url, streamDuration: 30, provider: { retries: 0, firstByteTimeout: 1 } }, { logger: log.logger })
    const response = await h.post({ signed_context: h.envelope(), message: 'anyone there?' })
    const stream = await events(response)
    expect(stream.map((event) => event.type)).toEqual(['context_summary', 'error'])
    expect(stream.at(-1)).toMatchObject({ code: 'provider_unavailable', retryable: true, message: 'The AI provider is unavailable right now. Please try again.' })
    expect(log.lines).toEqual([
      `The provider request to ${provider.url}/chat/completions failed, the turn ends with provider_unavailable: The provider at ${provider.host} ${said} in 1 s (provider.firstByteTimeout).`,
    ])
    const stored = await h.chatbot.db.selectFrom('messages').select(['role', 'content']).execute()
    expect(stored).toEqual([{ role: 'user', content: 'anyone there?' }])
  })

  it('past streamDuration first: stream_timeout as before, and now a warning that names the provider', async () => {
    provider = await createSilentProvider('all')
    const log = warnings()
    h = await createHarness('socket', { baseUrl: provider.url, streamDuration: 1 }, { logger: log.logger })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'anyone there?' }))
    expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'stream_timeout', retryable: true })
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatch(
      new RegExp(`^The provider request to ${provider.url}/chat/completions ended with stream_timeout: The provider at ${provider.host} sent no answer in \\d+ s, and the reply's streamDuration ran out\\.$`),
    )
  })
})
