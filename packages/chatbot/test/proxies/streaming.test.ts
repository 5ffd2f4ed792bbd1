import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHeldProvider, proxyMissing, type HeldProvider, type ProxyName, type RunningProxy } from '@chatbot-kit/test-utils'
import { startExampleProxy } from './examples.js'
import { serveForProxies, type ServedChatbot } from './server.js'

// The configs docs/deployment.md shows, run by the real proxies: a reply's tokens must reach the
// client one read each, as the provider sends them, before the provider has finished. HAProxy
// without `option http-no-delay` delivered them in threes; nginx with buffering, or Caddy
// compressing the stream, at the end.
const TOKENS = ['One', ' two', ' three', ' four', ' five', ' six', ' end.']
const HOLD_AFTER = 6

describe.each(['nginx', 'caddy', 'haproxy'] as ProxyName[])('%s, from its docs example', (name) => {
  const missing = proxyMissing(name)
  let provider: HeldProvider
  let served: ServedChatbot
  let proxy: RunningProxy
  beforeAll(async () => {
    if (missing) return
    // A pause between tokens far longer than a read takes, so that each one is a read of its own.
    provider = await createHeldProvider(() => ({ tokens: TOKENS, tokenDelayMs: 150, holdAfter: HOLD_AFTER }))
    served = await serveForProxies(provider.url)
    proxy = await startExampleProxy(name, served.upstream)
  })
  afterAll(async () => {
    await proxy?.stop()
    await served?.close()
    await provider?.close()
  })

  it.skipIf(missing)(missing || 'streams each token in a read of its own before the provider finishes', async () => {
    const message = `stream through ${name}`
    const response = await fetch(`${proxy.url}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' },
      body: JSON.stringify({ signed_context: served.envelope(), message }),
    })
    expect(response.status, proxy.output()).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    const tokensPerRead: number[] = []
    let text = ''
    while (tokensPerRead.reduce((sum, count) => sum + count, 0) < HOLD_AFTER) {
      const { done, value } = await reader.read()
      if (done) break
      const chunk = decoder.decode(value, { stream: true })
      text += chunk
      const tokens = chunk.match(/"type":"token"/g)?.length ?? 0
      if (tokens > 0) tokensPerRead.push(tokens)
    }
    const request = await provider.request(message)
    // Held before its last token: everything so far came through while the provider was still sending.
    expect(request.written()).toBe(HOLD_AFTER)
    expect(tokensPerRead).toEqual(Array.from({ length: HOLD_AFTER }, () => 1))
    request.release()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    expect(text).toContain('"type":"done"')
    expect([...text.matchAll(/"content":"([^"]*)"/g)].map((match) => match[1]).join('')).toBe(TOKENS.join(''))
  })
})
