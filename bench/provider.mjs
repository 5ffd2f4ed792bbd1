#!/usr/bin/env node
// The project's demo provider (packages/demo-provider, the same options as its `dist/cli.js`), plus
// one thing the benchmark needs and the CLI has no way to report: when a streaming response is
// closed before it finished (the upstream request was aborted), it prints
// `{"aborted": <wall-clock ms>}` on stdout. Node's `http.createServer` is wrapped before the
// provider module loads; nothing else about the provider changes.
import http from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    tokens: { type: 'string', default: '50' },
    delay: { type: 'string', default: '5' },
    'first-delay': { type: 'string', default: '0' },
  },
})

const wallNow = () => performance.timeOrigin + performance.now()
const createServer = http.createServer
http.createServer = function (...args) {
  const server = createServer.apply(this, args)
  server.on('request', (req, res) => {
    if (req.method !== 'POST') return
    res.once('close', () => {
      if (!res.writableFinished) process.stdout.write(`${JSON.stringify({ aborted: wallNow() })}\n`)
    })
  })
  return server
}
syncBuiltinESMExports()

const { createDemoProvider } = await import('../packages/demo-provider/dist/server.js')
const provider = await createDemoProvider({
  port: Number(values.port),
  host: '127.0.0.1',
  tokensPerReply: Number(values.tokens),
  tokenDelayMs: Number(values.delay),
  firstChunkDelayMs: Number(values['first-delay']),
  recordRequests: false,
})
process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`)
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)))
}
