import type { ProviderClientOptions } from '../src/provider/client.js'

/**
 * The provider client's two transports, for its contract suites: Node's `http` (the default)
 * and a host-supplied `fetch` (through ofetch).
 */
export const PROVIDER_TRANSPORTS: [name: string, options: Partial<ProviderClientOptions>][] = [
  ['node:http', {}],
  ['fetch', { fetch: (input, init) => globalThis.fetch(input, init) }],
]
