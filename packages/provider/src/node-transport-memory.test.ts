import type { ServerResponse } from 'node:http'
import { listenNode, liveHeapBytes, type Listener } from '@chatbot-kit/test-utils'
import { afterEach, expect, test } from 'vitest'
import { createProviderClient } from './client.js'

const MB = 1024 * 1024
let server: Listener | undefined
afterEach(() => server?.close())

// A slow stream holds its provider request for minutes: its body (the whole prompt) must not stay
// alive with it once the response started (docs/performance.md, "the heap object by object").
test('an open provider stream does not keep the request body', async () => {
  let held: ServerResponse | undefined
  server = await listenNode((req, res) => {
    req.resume()
    req.once('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n')
      held = res
    })
  })
  const client = createProviderClient({ baseUrl: `${server.url}/v1` })
  // Flat from the start (`repeat` builds a tree that the body's JSON would flatten: 8 MB more).
  const prompt = Buffer.alloc(8 * MB, 'x').toString()
  const request = { model: 'demo', messages: [{ role: 'user' as const, content: prompt }] }
  const before = liveHeapBytes()
  let during = 0
  let first = true
  const result = client.stream(
    request,
    () => {
      if (!first) return
      first = false
      // After the first token, a tick later: the response has started and the read is pending.
      setImmediate(() => {
        during = liveHeapBytes()
        held!.end('data: [DONE]\n\n')
      })
    },
    new AbortController().signal,
  )
  await result
  // The request (8 MB) is the caller's; its JSON body would be 8 MB more.
  expect(during - before).toBeLessThan(2 * MB)
})
