import { createSilentProvider, type SilentProvider } from '@chatbot-kit/test-utils'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { afterEach, describe, expect, onTestFinished, test } from 'vitest'
import { never, rejection, request } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import { createProviderClient, type ProviderRetry } from './client.js'

let provider: SilentProvider | undefined
afterEach(() => provider?.close())

describe.each(PROVIDER_CASES)('createProviderClient firstByteTimeoutMs (%s)', (_name, transport, wire) => {
  test.each([
    ['takes the connection and never answers', 'all', 'sent no answer in 0.3 s'],
    ['answers its headers, then stalls', 'body', 'answered HTTP 200, then sent no byte of its body in 0.3 s'],
  ] as const)('a provider that %s fails provider_unavailable, naming its host and the wait', async (_case, silence, said) => {
    provider = await createSilentProvider(silence)
    const failures: string[] = []
    const client = createProviderClient({ ...transport, baseUrl: provider.url, apiKey: 'sk-hidden', firstByteTimeoutMs: 300, onFailure: ({ message }) => failures.push(message) })
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error.retryable).toBe(true)
    expect(error.message).toBe('The AI provider is unavailable right now. Please try again.')
    expect(error.detail).toBe(`The provider at ${provider.host} ${said} (provider.firstByteTimeout).`)
    expect(failures).toEqual([`The provider request to ${provider.url}${wire.path} failed: ${error.detail}`])
  })

  test('is retried like no answer at all, within the retries', async () => {
    provider = await createSilentProvider('all', { from: 2, body: wire.whole('Back') })
    const retries: ProviderRetry[] = []
    const client = createProviderClient({ ...transport, baseUrl: provider.url, firstByteTimeoutMs: 300, retries: 1, retryBackoffMs: 1, onRetry: (retry) => retries.push(retry) })
    let text = ''
    await client.stream(request, (delta) => (text += delta), never)
    expect(text).toBe('Back')
    expect(provider.requests()).toBe(2)
    expect(retries.map((retry) => retry.error.detail)).toEqual([`The provider at ${provider.host} sent no answer in 0.3 s (provider.firstByteTimeout).`])
  })

  test('bounds only the first byte: a reply slower than it between deltas streams to its end', async () => {
    const demo = await createDemoProvider()
    onTestFinished(() => demo.close())
    demo.script({ chunks: ['one ', 'two ', 'three'], tokenDelayMs: 400 })
    const client = createProviderClient({ ...transport, baseUrl: demo.url, firstByteTimeoutMs: 300 })
    let text = ''
    const result = await client.stream(request, (delta) => (text += delta), never)
    expect(text).toBe('one two three')
    expect(result.finishReason).toBe('stop')
  })
})
