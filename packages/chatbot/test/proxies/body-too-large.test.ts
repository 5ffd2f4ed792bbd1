import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { proxyMissing, type RunningProxy } from '@chatbot-kit/test-utils'
import { startExampleProxy } from './examples.js'
import { serveForProxies, type ServedChatbot } from './server.js'

// A body over the 64 KiB limit is refused with 413 as soon as it is seen, and the connection
// closes. Reported in the field: through HAProxy a 2 MB body got a reset instead. The 413 must
// reach the client directly and through the docs' HAProxy config, declared or chunked.
const missing = proxyMissing('haproxy')
const TWO_MB = 2 * 1024 * 1024

describe('a 2 MB body', () => {
  let provider: DemoProvider
  let served: ServedChatbot
  let haproxy: RunningProxy | undefined
  beforeAll(async () => {
    provider = await createDemoProvider()
    served = await serveForProxies(provider.url)
    if (!missing) haproxy = await startExampleProxy('haproxy', served.upstream)
  })
  afterAll(async () => {
    await haproxy?.stop()
    await served?.close()
    await provider?.close()
  })

  const post = (base: string, declared: boolean) => {
    const body = JSON.stringify({ signed_context: served.envelope(), message: 'x'.repeat(TWO_MB) })
    // Without a declared length (chunked), the limit is found while reading.
    const stream = new ReadableStream({ start: (controller) => (controller.enqueue(new TextEncoder().encode(body)), controller.close()) })
    return fetch(`${base}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: declared ? body : stream,
      ...(declared ? {} : { duplex: 'half' }),
    } as RequestInit)
  }

  const expect413 = async (response: Response) => {
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } })
  }

  it.each([
    ['with Content-Length', true],
    ['chunked', false],
  ])('sent directly, %s, gets 413 payload_too_large', async (_label, declared) => {
    await expect413(await post(served.url, declared))
  })

  it.skipIf(missing).each([
    ['with Content-Length', true],
    ['chunked', false],
  ])(missing || 'sent through HAProxy, %s, gets 413 payload_too_large', async (_label, declared) => {
    await expect413(await post(haproxy!.url, declared))
  })
})
