import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { never, rejection, request } from '../test/provider-calls.js'
import { PROVIDER_CASES } from '../test/provider-transports.js'
import { createProviderClient, type ProviderClientOptions } from './client.js'

let provider: DemoProvider
beforeAll(async () => {
  provider = await createDemoProvider()
})
afterAll(() => provider.close())

/** The line the client reports for a request to `baseUrl` that fails. */
async function reported(transport: Partial<ProviderClientOptions>, baseUrl: string): Promise<string> {
  const lines: string[] = []
  await rejection(createProviderClient({ ...transport, baseUrl, apiKey: 'sk-hidden', onFailure: ({ message }) => lines.push(message) }).stream(request, () => {}, never))
  expect(lines).toHaveLength(1)
  expect(lines[0]).not.toContain('sk-hidden')
  return lines[0]!
}

describe.each(PROVIDER_CASES)('the likely fix in a failure’s log line (%s)', (_name, transport, wire) => {
  test('a 404 from a base URL without a version path: did you mean …/v1?', async () => {
    const origin = new URL(provider.url).origin
    expect(await reported(transport, `${origin}/`)).toContain(`${origin}${wire.path} failed: The provider answered 404: No route for POST ${wire.path}. Did you mean ${origin}/v1?`)
  })

  test('a refused connection: host:port, and is the server running?', async () => {
    const server = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise((resolve) => server.close(resolve))
    expect(await reported(transport, `http://127.0.0.1:${port}/v1`)).toContain(
      `Could not reach the provider at 127.0.0.1:${port} (ECONNREFUSED). Nothing accepts connections at 127.0.0.1:${port}: is the server running`,
    )
  })
})

test('a client for a base URL that is not http(s) is a TypeError at once, not a failure on each request', () => {
  expect(() => createProviderClient({ baseUrl: 'htps://api.openai.com/v1' })).toThrow(new TypeError('Provider baseUrl: expected an http:// or https:// URL, got "htps://api.openai.com".'))
})
