import { AsyncLocalStorage } from 'node:async_hooks'
import type { Turn } from '@chatbot-kit/kernel'
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { McpServerConfig } from '../options.js'

// The SDK sends a request through its transport's `fetch`; the turn a call runs for reaches that
// `fetch` through this store, so a headers function sees the turn without one client per turn.
const callingTurn = new AsyncLocalStorage<Turn>()

/** Runs `call` so that the requests it sends carry `turn`'s headers. */
export const forTurn = <T>(turn: Turn, call: () => Promise<T>): Promise<T> => callingTurn.run(turn, call)

/** Runs `work` with no turn: list requests, even when a notification arrives during a call. */
export const withoutTurn = <T>(work: () => T): T => callingTurn.exit(work)

/** The host's headers function threw: the host's fault, not the server's, so no reconnect. */
export class HeadersFailure extends Error {
  constructor(server: string, cause: unknown) {
    super(`The headers function of the MCP server "${server}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
    this.name = 'HeadersFailure'
  }
}

/** A `fetch` adding the server's configured headers; the SDK's own (session, protocol) win a clash. */
export function createHeadersFetch(server: string, headers: McpServerConfig['headers']): FetchLike {
  return async (url, init) => {
    if (headers === undefined) return fetch(url, init)
    let extra: Record<string, string>
    try {
      extra = typeof headers === 'function' ? await headers(callingTurn.getStore()) : headers
    } catch (error) {
      throw new HeadersFailure(server, error)
    }
    const merged = new Headers(extra)
    new Headers(init?.headers).forEach((value, name) => merged.set(name, value))
    return fetch(url, { ...init, headers: merged })
  }
}
