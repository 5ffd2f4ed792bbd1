import { describe, expect, it } from 'vitest'
import { createMessage } from '../../src/chat/state.js'
import { setup } from '../helpers/controller.js'
import { bodyOf, doneFrame, frame, jsonResponse, streamResponse, summary } from '../helpers/streams.js'

// What the main bundle does for handoff (docs/widget.md, "Human handoff"); the rest is handoff.js.
describe('chat controller: handoff', () => {
  it('a held message leaves no empty bubble, and its `handoff` event reaches `onEvent`', async () => {
    const held = bodyOf(summary('m-2'), frame('m-2', 2, { type: 'handoff', state: 'human', agent: 'Ada' }), doneFrame('m-2', 3, 'handoff'))
    const { controller, messages, seen } = setup({ responses: [() => streamResponse(held, 'conv-1')] })
    await controller.send('anyone there?')
    expect(messages()).toEqual([{ role: 'user', content: 'anyone there?', status: 'complete' }])
    expect(seen.events.map((event) => event.type)).toEqual(['context_summary', 'handoff', 'done'])
    expect(seen.events[1]).toEqual({ type: 'handoff', state: 'human', agent: 'Ada' })
    expect(seen.replies.map((reply) => reply.finishReason)).toEqual(['handoff'])
  })

  it('a reply with text stays, whatever its finish reason', async () => {
    const reply = bodyOf(summary('m-1'), frame('m-1', 2, { type: 'token', content: 'A person will answer.' }), doneFrame('m-1', 3, 'stop'))
    const { controller, messages } = setup({ responses: [() => streamResponse(reply, 'conv-1')] })
    await controller.send('a person please')
    expect(messages().at(-1)).toEqual({ role: 'assistant', content: 'A person will answer.', status: 'complete' })
  })

  it('names a person’s messages from the history’s `author`, and `push` adds one that arrived live', async () => {
    const history = { messages: [{ id: 'm-1', role: 'user', content: 'Hi' }, { id: 'm-2', role: 'assistant', content: 'Ada here.', author: { kind: 'agent', name: 'Ada' } }, { id: 'm-3', role: 'assistant', content: 'Model.', author: { kind: 'bot' } }] }
    const { controller } = setup({ stored: 'conv-1', responses: [() => jsonResponse(200, history)] })
    await controller.load()
    controller.push({ ...createMessage('assistant', 'Still here.', 'complete', 'm-4'), author: 'Ada' })
    expect(controller.state.messages.map(({ content, author }) => [content, author])).toEqual([
      ['Hi', undefined],
      ['Ada here.', 'Ada'],
      ['Model.', undefined],
      ['Still here.', 'Ada'],
    ])
  })
})
