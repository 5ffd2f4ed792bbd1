import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessage } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { messageList } from '../../src/messages/list.js'
import { asDom, elementsOf, fakeDocument, type FakeElement } from '../helpers/fake-dom.js'

describe('messageList', () => {
  let frames: (() => void)[]
  beforeEach(() => {
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
    vi.stubGlobal('cancelAnimationFrame', () => {})
  })
  afterEach(() => vi.unstubAllGlobals())
  const flush = () => frames.splice(0).forEach((frame) => frame())

  function mount(messages = [createMessage('user', 'Hi'), createMessage('assistant', 'Hello')]) {
    const node = fakeDocument().createElement('div')
    const action = messageList(asDom(node), { messages, text: en })
    const texts = () => node.children.map((child: FakeElement) => child.textContent)
    return { node, action, texts, messages }
  }

  it('renders the messages at once', () => {
    expect(mount().texts()).toEqual(['You:Hi', 'Assistant:Hello'])
  })

  it('keeps unchanged messages’ nodes and rebuilds the streaming one, once per frame', () => {
    const { node, action, texts, messages } = mount()
    const [first, second] = node.children
    const reply = createMessage('assistant', '', 'streaming')
    action.update({ messages: [...messages, reply], text: en })
    action.update({ messages: [...messages, { ...reply, content: 'Par' }], text: en })
    action.update({ messages: [...messages, { ...reply, content: 'Partial' }], text: en })
    expect(frames).toHaveLength(1)
    flush()
    expect(texts()).toEqual(['You:Hi', 'Assistant:Hello', 'Assistant:Partial'])
    expect(node.children[0]).toBe(first)
    expect(node.children[1]).toBe(second)
  })

  it('gives thumbs to finished replies the server named, and keeps them while the reply stays', () => {
    const doc = fakeDocument()
    const node = doc.createElement('div')
    const rate = vi.fn(async () => true)
    const messages = [
      createMessage('assistant', 'Hello', 'complete', null),
      createMessage('user', 'Hi', 'complete', 'u-1'),
      createMessage('assistant', 'Shipped.', 'complete', 'm-1'),
      createMessage('assistant', 'Half', 'stopped', 'm-2'),
      createMessage('assistant', 'Cut', 'failed', 'm-3'),
      createMessage('assistant', 'Stre', 'streaming', 'm-4'),
    ]
    const action = messageList(asDom(node), { messages, text: en, rate })
    const thumbs = () => node.children.map((child: FakeElement) => child.children.some((part) => part.getAttribute('part') === 'feedback'))
    expect(thumbs()).toEqual([false, false, true, true, false, false])
    const bar = node.children[2]!.children.at(-1)
    action.update({ messages: [...messages.slice(0, 5), { ...messages[5]!, status: 'complete' }], text: en, rate })
    flush()
    expect(thumbs()).toEqual([false, false, true, true, false, true])
    expect(node.children[2]!.children.at(-1)).toBe(bar)
    // Without `rate`, no thumbs.
    const plain = mount(messages).node
    expect(elementsOf(plain).filter((element) => element.getAttribute('part') === 'feedback')).toEqual([])
  })

  it('drops messages cut back on Retry and rebuilds everything for new translations', () => {
    const { node, action, texts, messages } = mount()
    const first = node.children[0]
    action.update({ messages: messages.slice(0, 1), text: en })
    flush()
    expect(texts()).toEqual(['You:Hi'])
    action.update({ messages: messages.slice(0, 1), text: { ...en, you: 'Sie' } })
    flush()
    expect(texts()).toEqual(['Sie:Hi'])
    expect(node.children[0]).not.toBe(first)
  })
})
