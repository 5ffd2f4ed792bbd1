import { expect } from 'vitest'
import { ChatbotProviderException } from '../src/errors/index.js'
import { createProviderClient, type ProviderClientOptions, type ProviderRetry } from '../src/provider/client.js'
import type { ChatRequest } from '../src/provider/types.js'

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
export async function rejection(promise: Promise<unknown>): Promise<ChatbotProviderException> {
  const error = await promise.then(
    () => expect.unreachable('the stream should fail'),
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ChatbotProviderException)
  return error as ChatbotProviderException
}

/** A logger for `createChatbot` that keeps its warnings as lines and drops the rest. */
export function warnings() {
  const lines: string[] = []
  const noop = () => {}
  const logger = { error: noop, warn: (...args: unknown[]) => void lines.push(args.join(' ')), info: noop, success: noop, log: noop, debug: noop } as never
  return { lines, logger }
}
