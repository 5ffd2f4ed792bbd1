import { afterAll, beforeAll, expect, it } from 'vitest'
import { createHeldProvider, type HeldProvider } from './held-provider.js'
import { sseEvents } from './sse.js'

let provider: HeldProvider
beforeAll(async () => {
  provider = await createHeldProvider((message) => ({ tokens: ['a ', 'b ', 'c '], holdAfter: message === 'hold' ? 2 : undefined }))
})
afterAll(() => provider.close())

const ask = (message: string, signal?: AbortSignal) =>
  fetch(`${provider.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'system', content: 'x' }, { role: 'user', content: message }] }),
    ...(signal ? { signal } : {}),
  })

/** The content deltas of the chunks, and `[DONE]`, as a chat-completions client reads them. */
async function* deltas(response: Response) {
  for await (const item of sseEvents<{ choices: { delta: { content?: string }; finish_reason: string | null }[] }>(response)) {
    if (item.kind !== 'data') continue
    yield typeof item.data === 'string' ? item.data : (item.data.choices[0]!.delta.content ?? `<${item.data.choices[0]!.finish_reason}>`)
  }
}

it('streams chat.completion chunks, then a finish reason and [DONE]', async () => {
  const seen: string[] = []
  for await (const delta of deltas(await ask('go'))) seen.push(delta)
  expect(seen).toEqual(['a ', 'b ', 'c ', '<stop>', '[DONE]'])
  const request = await provider.request('go')
  expect(request.written()).toBe(3)
  expect(await request.ended).toBe('completed')
})

it('holds after `holdAfter` tokens until released, and tells a request the client closed', async () => {
  const first = deltas(await ask('hold'))
  const request = await provider.request('hold')
  await request.held
  expect([(await first.next()).value, (await first.next()).value]).toEqual(['a ', 'b '])
  request.release()
  expect((await first.next()).value).toBe('c ')

  const client = new AbortController()
  const second = deltas(await ask('hold', client.signal))
  await second.next()
  const held = provider.requests.at(-1)!
  await held.held
  client.abort()
  expect(await held.ended).toBe('closed')
})
