import { expect } from 'vitest'
import { createProviderClient, type ProviderClientOptions, type ProviderRetry } from '../src/client.js'
import { ProviderError } from '../src/error.js'
import type { ChatRequest } from '../src/types.js'

/** What the provider client suites send: one short user message. */
export const request: ChatRequest = { model: 'demo', messages: [{ role: 'user', content: 'Hi' }] }

/** A signal that never aborts. */
export const never = new AbortController().signal

/** A client with two retries and short backoff windows, recording each retry it announces. */
export function retrying(options: ProviderClientOptions) {
  const retries: ProviderRetry[] = []
  const client = createProviderClient({ retries: 2, retryBackoffMs: 20, onRetry: (retry) => retries.push(retry), ...options })
  return { client, retries }
}

/** The failure `promise` rejects with, which must be a provider failure. */
export async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => expect.unreachable('the stream should fail'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ProviderError)
  return error as ProviderError
}
