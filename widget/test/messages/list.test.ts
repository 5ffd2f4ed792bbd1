import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMessage } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { messageList } from '../../src/messages/list.js'
import { asDom, fakeDocument, type FakeElement } from '../helpers/fake-dom.js'

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
