#!/usr/bin/env node
/**
 * `node dist/cli.js --port 0 --tokens 200 --delay 5 --first-delay 0`: runs the demo provider in its
 * own process (benchmarks), prints `{"url":"…"}` as one JSON line once listening, and closes on
 * SIGTERM or SIGINT.
 */
import { parseArgs } from 'node:util'
import { createDemoProvider } from './server.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    tokens: { type: 'string' },
    delay: { type: 'string' },
    'first-delay': { type: 'string' },
  },
})

function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) {
    process.stderr.write(`--${flag} must be a whole number ≥ 0, got "${value}".\n`)
    process.exit(2)
  }
  return number
}

const provider = await createDemoProvider({
  port: count('port', values.port),
  host: values.host,
  tokensPerReply: count('tokens', values.tokens),
  tokenDelayMs: count('delay', values.delay),
  firstChunkDelayMs: count('first-delay', values['first-delay']),
  // A benchmark sends far too many requests to keep them all.
  recordRequests: false,
})
process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)))
}
