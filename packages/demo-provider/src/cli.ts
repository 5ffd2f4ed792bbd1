#!/usr/bin/env node
/**
 * `chatbot-demo-provider --port 8787`: runs the demo provider in its own process (getting
 * started, benchmarks), prints `{"url":"…"}` as one JSON line once listening, and closes on
 * SIGTERM or SIGINT. Every mistake is one line on stderr, never a stack.
 */
import { parseArgs } from 'node:util'
import { createDemoProvider } from './server.js'

const USAGE = `Usage: chatbot-demo-provider [--port 0] [--host 127.0.0.1] [--tokens N] [--delay MS] [--first-delay MS]

An offline OpenAI-compatible chat server (POST /v1/chat/completions and /v1/responses) for trying
chatbot-kit without a provider account. Prints {"url":"http://…/v1"} once listening; point
CHATBOT_BASE_URL at that URL. Stops on Ctrl-C.

  --port         port to listen on; 0 picks a free one (default 0)
  --host         address to bind (default 127.0.0.1)
  --tokens       reply with this many tokens instead of its demo answers
  --delay        milliseconds between streamed chunks
  --first-delay  milliseconds before the first chunk
  --help         print this and exit
`

/** One line on stderr and a non-zero exit: what went wrong and what to do. */
function stop(message: string, code: number): never {
  process.stderr.write(`chatbot-demo-provider: ${message}\n`)
  process.exit(code)
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        host: { type: 'string', default: '127.0.0.1' },
        tokens: { type: 'string' },
        delay: { type: 'string' },
        'first-delay': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    return stop(`${(error as Error).message}. Run chatbot-demo-provider --help for the options.`, 2)
  }
}

function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < 0) stop(`--${flag} must be a whole number ≥ 0, got "${value}".`, 2)
  return number
}

const values = parse()
if (values.help) {
  process.stdout.write(USAGE)
  process.exit(0)
}

const port = count('port', values.port)
const provider = await createDemoProvider({
  port,
  host: values.host,
  tokensPerReply: count('tokens', values.tokens),
  tokenDelayMs: count('delay', values.delay),
  firstChunkDelayMs: count('first-delay', values['first-delay']),
  // A benchmark sends far too many requests to keep them all.
  recordRequests: false,
}).catch((error: NodeJS.ErrnoException) =>
  error.code === 'EADDRINUSE'
    ? stop(`port ${port} on ${values.host} is already in use (another demo provider?): stop it, or pass --port with a free port (--port 0 picks one).`, 1)
    : stop(error.message, 1),
)
process.stdout.write(`${JSON.stringify({ url: provider.url })}\n`)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void provider.close().then(() => process.exit(0)))
}
