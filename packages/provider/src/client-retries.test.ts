import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { never, rejection, request, retrying } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'

let provider: DemoProvider
beforeEach(async () => {
  provider = await createDemoProvider()
})
afterEach(() => provider.close())

describe.each(PROVIDER_CASES)('createProviderClient retries before the first token (%s)', (_name, transport) => {
  test('a 503 then a reply: one reply, two identical requests, one retry announced', async () => {
    provider.script({ status: 503 }, { chunks: ['Back ', 'again'] })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url, apiKey: 'sk-hidden' })
    const deltas: string[] = []
    const result = await client.stream(request, (text) => deltas.push(text), never)
    expect(deltas).toEqual(['Back ', 'again'])
    expect(result.finishReason).toBe('stop')
    expect(provider.requests).toHaveLength(2)
    expect(provider.requests[1]!.body).toEqual(provider.requests[0]!.body)
    expect(retries).toMatchObject([{ attempt: 1, retries: 2, error: { kind: 'status', status: 503 } }])
    expect(retries[0]!.delayMs).toBeLessThan(20)
    expect(retries[0]!.message).toContain('503')
    expect(retries[0]!.message).not.toContain('sk-hidden')
  })

  test('a 429 with Retry-After: 1 waits that long before the second request', async () => {
    provider.script({ status: 429, headers: { 'Retry-After': '1' } }, { chunks: ['late'] })
    const order: string[] = []
    const { client } = retrying({ ...transport, baseUrl: provider.url, onRetry: (retry) => order.push(`retry in ${retry.delayMs} ms after ${provider.requests.length} request`) })
    await client.stream(request, (text) => order.push(`${text} after ${provider.requests.length} requests`), never)
    expect(order).toEqual(['retry in 1000 ms after 1 request', 'late after 2 requests'])
  })

  test('retries exhausted → the last failure, provider_unavailable as without retries', async () => {
    provider.script({ status: 503 }, { status: 503 }, { status: 503 }, { text: 'too late' })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url })
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error).toMatchObject({ kind: 'status', status: 503 })
    expect(error.retryable).toBe(true)
    expect(provider.requests).toHaveLength(3)
    expect(retries.map((retry) => retry.attempt)).toEqual([1, 2])
  })

  test('a 408 is sent again, as retryable as the browser is told it is', async () => {
    provider.script({ status: 408 }, { chunks: ['second ', 'try'] })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url })
    const deltas: string[] = []
    await client.stream(request, (text) => deltas.push(text), never)
    expect(deltas).toEqual(['second ', 'try'])
    expect(provider.requests).toHaveLength(2)
    expect(retries).toHaveLength(1)
    expect(retries[0]!.error).toMatchObject({ kind: 'status', status: 408 })
    expect(retries[0]!.error.retryable).toBe(true)
  })

  test.each([400, 401])('a %i is never sent again', async (status) => {
    provider.script({ status }, { text: 'must not be asked' })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url })
    const error = await rejection(client.stream(request, () => {}, never))
    expect(error.retryable).toBe(false)
    expect(provider.requests).toHaveLength(1)
    expect(retries).toEqual([])
  })

  test.each([
    ['in seconds', () => '30'],
    ['as an HTTP date', () => new Date(Date.now() + 3_600_000).toUTCString()],
  ])('a Retry-After %s beyond the deadline fails at once with the provider error', async (_form, retryAfter) => {
    provider.script({ status: 429, headers: { 'retry-after': retryAfter() } }, { text: 'must not be asked' })
    const { client, retries } = retrying({ ...transport, baseUrl: provider.url })
    const error = await rejection(client.stream(request, () => {}, never, { timeLeftMs: 5_000 }))
    expect(error).toMatchObject({ kind: 'status', status: 429 })
    expect(error.retryable).toBe(true)
    expect(provider.requests).toHaveLength(1)
    expect(retries).toEqual([])
  })

  test('an abort during the backoff wait ends it at once with the reason; nothing more is sent', async () => {
    provider.script({ status: 503, headers: { 'retry-after': '600' } }, { text: 'must not be asked' })
    const controller = new AbortController()
    const reason = new Error('the user pressed stop')
    let waiting!: () => void
    const retried = new Promise<void>((resolve) => (waiting = resolve))
    const { client } = retrying({ ...transport, baseUrl: provider.url, onRetry: () => waiting() })
    const streaming = client.stream(request, () => {}, controller.signal)
    await retried
    controller.abort(reason)
    await expect(streaming).rejects.toBe(reason)
    expect(provider.requests).toHaveLength(1)
  })
})
