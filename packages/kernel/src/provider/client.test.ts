import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { ChatbotProviderException } from '../errors/index.js'
import { createProviderClient, type ProviderFailure, type ProviderRetry } from './client.js'
import type { ChatRequest } from '@chatbot-kit/provider'

const request: ChatRequest = { model: 'demo', messages: [{ role: 'user', content: 'Hi' }] }
const never = new AbortController().signal

let provider: DemoProvider
beforeEach(async () => {
  provider = await createDemoProvider()
})
afterEach(() => provider.close())

describe("the kernel's createProviderClient", () => {
  test('a 408 is retried once, its retry reported as the retryable provider_unavailable', async () => {
    provider.script({ status: 408 }, { chunks: ['ok'] })
    const retries: ProviderRetry[] = []
    const client = createProviderClient({ baseUrl: provider.url, retries: 1, retryBackoffMs: 1, onRetry: (retry) => retries.push(retry) })
    const deltas: string[] = []
    await client.stream(request, (text) => deltas.push(text), never)
    expect(deltas).toEqual(['ok'])
    expect(provider.requests).toHaveLength(2)
    expect(retries).toHaveLength(1)
    expect(retries[0]!.error).toBeInstanceOf(ChatbotProviderException)
    expect(retries[0]!.error.code()).toBe('provider_unavailable')
    expect(retries[0]!.error.isRetryable()).toBe(true)
  })

  test('a final failure rejects with ChatbotProviderException and logs the code the turn ends with', async () => {
    provider.script({ status: 401 })
    const failures: ProviderFailure[] = []
    const client = createProviderClient({ baseUrl: provider.url, apiKey: 'sk-hidden', retries: 2, onFailure: (failure) => failures.push(failure) })
    const error = await client.stream(request, () => {}, never).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(ChatbotProviderException)
    expect(error).toMatchObject({ kind: 'status', providerStatus: 401, message: 'The AI provider rejected the request (HTTP 401).' })
    expect((error as ChatbotProviderException).code()).toBe('provider_error')
    expect(provider.requests).toHaveLength(1)
    expect(failures.map((failure) => failure.message)).toEqual([`The provider request to ${provider.url}/chat/completions failed, the turn ends with provider_error: ${(error as ChatbotProviderException).detail}`])
    expect(failures[0]!.message).not.toContain('sk-hidden')
  })

  test("an abort rejects with the signal's own reason", async () => {
    const reason = new Error('stopped')
    await expect(createProviderClient({ baseUrl: provider.url }).stream(request, () => {}, AbortSignal.abort(reason))).rejects.toBe(reason)
  })
})
