import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { listen, type Listener } from '@chatbot-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from './harness.js'
import { warnings } from './provider-calls.js'

// What the server log says of a provider that is set up wrong: the URL it called and the likely
// fix, never the API key (the harness's is `test-key`) nor a password in the URL.

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('provider failures in the server log', () => {
  let provider: DemoProvider
  let h: Harness | undefined
  let server: Listener | undefined
  beforeEach(async () => {
    provider = await createDemoProvider()
  })
  afterEach(async () => {
    await h?.close()
    await server?.close()
    await provider.close()
  })

  /** One turn against `baseUrl`, sent once: the stream's last event and the warnings logged. */
  async function turnAgainst(baseUrl: string) {
    const log = warnings()
    h = await createHarness('socket', { baseUrl, provider: { retries: 0 } }, { logger: log.logger, provider })
    const stream = await events(await h.post({ signed_context: h.envelope(), message: 'hello' }))
    expect(log.lines.join('\n')).not.toContain('test-key')
    return { last: stream.at(-1), lines: log.lines }
  }

  it('a 404 from a base URL without /v1 names the URL and asks "did you mean …/v1?"', async () => {
    const origin = new URL(provider.url).origin
    const { last, lines } = await turnAgainst(origin)
    expect(last).toMatchObject({ type: 'error', code: 'provider_error', retryable: false })
    expect(lines).toEqual([
      `The provider request to ${origin}/chat/completions failed, the turn ends with provider_error: The provider answered 404: No route for POST /chat/completions. ` +
        `Did you mean ${origin}/v1? OpenAI-compatible servers serve the API under a version path, and baseUrl has none.`,
    ])
  })

  it('as Ollama answers it (a plain-text "404 page not found"), with a password in the URL left out', async () => {
    server = await listen(() => new Response('404 page not found', { status: 404, headers: { 'content-type': 'text/plain' } }))
    const { host } = new URL(server.url)
    const { lines } = await turnAgainst(`http://ops:s3cret@${host}/`)
    expect(lines).toEqual([
      `The provider request to http://${host}/chat/completions failed, the turn ends with provider_error: The provider answered 404: 404 page not found. ` +
        `Did you mean http://${host}/v1? OpenAI-compatible servers serve the API under a version path, and baseUrl has none.`,
    ])
  })

  it('a 404 under /v1 (a model the server lacks) gets no /v1 hint', async () => {
    provider.script({ status: 404, errorBody: { error: { message: 'model "qwen9" not found, try pulling it first' } } })
    const { lines } = await turnAgainst(provider.url)
    expect(lines).toEqual([`The provider request to ${provider.url}/chat/completions failed, the turn ends with provider_error: The provider answered 404: model "qwen9" not found, try pulling it first.`])
  })

  it('a refused connection names host:port and asks whether the server runs', async () => {
    const port = await closedPort()
    const { last, lines } = await turnAgainst(`http://127.0.0.1:${port}/v1`)
    expect(last).toMatchObject({ type: 'error', code: 'provider_unavailable', retryable: true })
    expect(lines).toEqual([
      `The provider request to http://127.0.0.1:${port}/v1/chat/completions failed, the turn ends with provider_unavailable: Could not reach the provider at 127.0.0.1:${port} (ECONNREFUSED). ` +
        `Nothing accepts connections at 127.0.0.1:${port}: is the server running, and are the host and port in baseUrl right?`,
    ])
  })

  it('a host that does not resolve is named, with the port its scheme implies', async () => {
    const { last, lines } = await turnAgainst('https://no-such-host.invalid/v1')
    expect(last).toMatchObject({ type: 'error', code: 'provider_unavailable' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^The provider request to https:\/\/no-such-host\.invalid\/v1\/chat\/completions failed, the turn ends with provider_unavailable: Could not reach the provider at no-such-host\.invalid:443 \((ENOTFOUND|EAI_AGAIN)\)\. The host of no-such-host\.invalid:443 does not resolve: check baseUrl\.$/,
    )
  })
})
