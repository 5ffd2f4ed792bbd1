import { join } from 'node:path'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follow, paced, replyByMessage, storedMessages, streamedText } from '../../kernel/test/shutdown-streams.js'
import { assertBuilt, cleanEnv, start, stop, tempProject } from './cli.js'

const URL_LINE = /serving (http:\/\/[\d.]+:\d+)\/chatbot/

beforeAll(() => assertBuilt())

describe('chatbot serve on SIGTERM', () => {
  let provider: DemoProvider
  beforeAll(async () => {
    provider = await createDemoProvider({ responder: replyByMessage({ quick: paced(5, 100), slow: paced(600, 100) }) })
  })
  afterAll(() => provider.close())

  /** `chatbot serve` on a fresh SQLite file, with `messages` streaming when it returns. */
  async function serveWithStreams(grace: number, messages: string[]) {
    const dir = tempProject()
    const database = join(dir, 'chatbot.sqlite')
    const appKey = generateAppKey()
    const env = cleanEnv({ CHATBOT_APP_KEY: appKey, CHATBOT_BASE_URL: provider.url, CHATBOT_API_KEY: 'k', CHATBOT_ROUTE_MIDDLEWARE: '', CHATBOT_DATABASE_URL: database, CHATBOT_SHUTDOWN_GRACE: String(grace) })
    const server = await start(['serve', '--port', '0'], dir, env, URL_LINE)
    const token = createEnvelopeSigner({ appKey }).mint({ route: 'test.page', channel: 'default', userId: 'user-1' })
    const post = (message: string) =>
      fetch(`${server.match[1]}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message }) })
    const streams = await Promise.all(messages.map(async (message) => follow(await post(message))))
    await Promise.all(streams.map((stream) => stream.started))
    return { server, database, streams }
  }

  it('lets quick replies finish, ends the rest with an error event, stores their partial replies, and exits 0', async () => {
    const { server, database, streams } = await serveWithStreams(2, ['quick 1', 'slow 1', 'slow 2', 'slow 3'])
    expect(await stop(server.child)).toBe(0)

    const ended = await Promise.all(streams.map((stream) => stream.ended))
    expect(ended[0]!.at(-1)).toMatchObject({ type: 'done' })
    for (const events of ended.slice(1)) expect(events.at(-1)).toMatchObject({ type: 'error', code: 'server_shutting_down', retryable: true })

    const stored = await storedMessages(database, streams.map((stream) => stream.conversationId))
    expect(stored.map((conversation) => conversation.at(-1))).toEqual(
      ended.map((events, index) =>
        expect.objectContaining({ role: 'assistant', content: streamedText(events), status: index === 0 ? 'complete' : 'incomplete', finishReason: index === 0 ? 'stop' : 'server_shutting_down' }),
      ),
    )
    expect(server.output()).toMatch(/Shutting down/)
  })

  it('a second signal exits at once with 1', async () => {
    const { server, streams } = await serveWithStreams(600, ['slow 1'])
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGTERM')
    await expect.poll(() => server.output()).toMatch(/Shutting down/)
    // Past the window in which a repeat is the same signal delivered twice.
    await new Promise((resolve) => setTimeout(resolve, 600))
    server.child.kill('SIGTERM')
    expect(await exited).toBe(1)
    expect(server.output()).toMatch(/SIGTERM again/)
    await streams[0]!.ended.catch(() => {})
  })

  it('takes a signal delivered twice (Ctrl-C under a wrapper that forwards it: the terminal and the wrapper both send it) as one: a graceful exit 0', async () => {
    const { server, streams } = await serveWithStreams(2, ['quick 1'])
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve))
    server.child.kill('SIGINT')
    // The wrapper's copy comes a moment later (two at the same instant the kernel merges into one).
    await new Promise((resolve) => setTimeout(resolve, 50))
    server.child.kill('SIGINT')
    expect(await exited).toBe(0)
    expect(server.output()).not.toMatch(/SIGINT again/)
    expect((await streams[0]!.ended).at(-1)).toMatchObject({ type: 'done' })
  })
})
