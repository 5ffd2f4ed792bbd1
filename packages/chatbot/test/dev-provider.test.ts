import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse } from '@chatbot-kit/test-utils'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, cleanEnv, start, stop, tempProject } from './cli.js'

// The Ollama set-up: a local OpenAI-compatible server, a base URL and a model, and no API key.

const READY = /dev server: (http:\/\/[\d.]+:\d+)/

async function ask(origin: string, message: string): Promise<string> {
  const page = await (await fetch(`${origin}/`)).text()
  const token = page.match(/signed-context="([^"]+)"/)![1]!
  const response = await fetch(`${origin}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: token, message }) })
  const stream = await readSse<{ type: string; content?: string }>(response)
  expect(stream.at(-1)!.type).toBe('done')
  return stream.flatMap((event) => (event.type === 'token' ? [event.content] : [])).join('')
}

describe('chatbot dev picks its provider', () => {
  let local: DemoProvider | undefined
  let server: Awaited<ReturnType<typeof start>> | undefined
  beforeAll(() => assertBuilt())
  afterEach(async () => {
    if (server) expect(await stop(server.child)).toBe(0)
    server = undefined
    await local?.close()
    local = undefined
  })

  it('a base URL without a key: that server, with CHATBOT_MODEL, named in one line at start', async () => {
    local = await createDemoProvider()
    local.script({ text: 'Answered by the local model.' })
    const env = cleanEnv({ CHATBOT_BASE_URL: local.url, CHATBOT_MODEL: 'qwen3:8b', CHATBOT_ROUTE_MIDDLEWARE: '' })
    server = await start(['dev', '--port', '0'], tempProject(), env, READY)
    const { host } = new URL(local.url)
    const lines = server.output().split('\n').filter((line) => line.includes('Provider:'))
    expect(lines).toEqual([expect.stringContaining(`Provider: ${host} (${local.url}), model qwen3:8b, no API key.`)])

    expect(await ask(server.match[1]!, 'Hello local')).toBe('Answered by the local model.')
    expect(local.requests).toHaveLength(1)
    expect(local.requests[0]!.body.model).toBe('qwen3:8b')
    expect(local.requests[0]!.headers.authorization).toBeUndefined()
  })

  it('neither a key nor a base URL: the demo provider, and the line says how to reach a real model', async () => {
    server = await start(['dev', '--port', '0'], tempProject(), cleanEnv({ CHATBOT_MODEL: 'qwen3:8b' }), READY)
    const lines = server.output().split('\n').filter((line) => line.includes('Provider:'))
    expect(lines).toEqual([expect.stringMatching(/Provider: the built-in offline demo provider at http:\/\/127\.0\.0\.1:\d+\/v1 \(neither CHATBOT_API_KEY nor CHATBOT_BASE_URL is set\)\. Set CHATBOT_BASE_URL/)])
  })
})
