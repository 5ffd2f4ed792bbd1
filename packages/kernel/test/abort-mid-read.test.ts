import { afterAll, beforeAll, expect, it } from 'vitest'
import { ChatbotException, definePlugin } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from './harness.js'

// A network read carries many deltas; once one is refused, the rest of that read was never shown
// and must not be stored either (a reply with a hole in the middle).
let h: Harness
beforeAll(async () => {
  const refuseStop = definePlugin({
    name: 'refuse-stop',
    hooks: {
      'turn:chunk': (_turn, text) => {
        if (text.includes('STOP')) throw new ChatbotException('Refused.', { code: 'refused_chunk', status: 429 })
      },
    },
  })
  h = await createHarness('socket', { plugins: [refuseStop] })
})
afterAll(() => h.close())

it('streams and stores nothing after the refused delta of the same read', async () => {
  // One body, so every delta arrives in one read.
  const delta = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
  const rawBody = ['one ', 'two ', 'STOP ', 'after ', 'more'].map(delta).join('') + 'data: [DONE]\n\n'
  h.provider.script({ rawBody, contentType: 'text/event-stream' })
  const token = h.envelope()
  const response = await h.post({ signed_context: token, message: 'count' })
  const stream = await events(response)
  expect(stream.filter((event) => event.type === 'token').map((event) => event.content)).toEqual(['one ', 'two '])
  expect(stream.at(-1)).toMatchObject({ type: 'error', code: 'refused_chunk' })
  const history = await h.history(response.headers.get('x-chatbot-conversation-id')!, token)
  const { messages } = (await history.json()) as { messages: Array<{ role: string; content: string }> }
  expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'one two ' })
})
