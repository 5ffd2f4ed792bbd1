import type { ProviderClientOptions } from '../src/client.js'
import type { ProviderApi } from '../src/types.js'
import { HAND_MADE_WIRES, type HandMadeWire } from './provider-wires.js'

/**
 * The provider client's two transports: Node's `http` (the default) and a host-supplied `fetch`
 * (through ofetch).
 */
const TRANSPORTS: [name: string, options: Partial<ProviderClientOptions>][] = [
  ['node:http', {}],
  ['fetch', { fetch: (input, init) => globalThis.fetch(input, init) }],
]

const APIS: ProviderApi[] = ['chat', 'responses']

/**
 * What the provider client's contract suites run on: each API over each transport, as the name,
 * the client options (`api` and transport) and the API's hand-made wire format.
 */
export const PROVIDER_CASES: [name: string, options: Partial<ProviderClientOptions>, wire: HandMadeWire][] = APIS.flatMap((api) =>
  TRANSPORTS.map(([transport, options]): [string, Partial<ProviderClientOptions>, HandMadeWire] => [`${api}, ${transport}`, { ...options, api }, HAND_MADE_WIRES[api]]),
)
