import { afterEach, describe, expect, it, vi } from 'vitest'
import { linkTabs, type TabNews } from '../../src/chat/tabs.js'
import { endpoint, liveBody, setup } from '../helpers/controller.js'
import { doneFrame, frame, jsonResponse, streamResponse, summary } from '../helpers/streams.js'

afterEach(() => vi.unstubAllGlobals())

describe('linkTabs', () => {
  it('carries news to the other tabs on the same endpoint and channel only', async () => {
    const heard = { same: [] as TabNews[], otherChannel: [] as TabNews[], sender: [] as TabNews[] }
    const sender = linkTabs(endpoint, 'support', (news) => heard.sender.push(news))
    const same = linkTabs(endpoint, 'support', (news) => heard.same.push(news))
    const otherChannel = linkTabs(endpoint, 'sales', (news) => heard.otherChannel.push(news))
    sender.post('reply')
    sender.post('ended')
    await vi.waitFor(() => expect(heard.same).toEqual(['reply', 'ended']))
    expect(heard.sender).toEqual([])
    expect(heard.otherChannel).toEqual([])
    for (const link of [sender, same, otherChannel]) link.close()
  })

  it('carries nothing, and breaks nothing, without BroadcastChannel', async () => {
    vi.stubGlobal('BroadcastChannel', undefined)
    const link = linkTabs(endpoint, 'support', () => {})
    expect(() => (link.post('reply'), link.close())).not.toThrow()
    const { controller, messages } = setup({ responses: [], greeting: 'Hi!' })
    await controller.load()
    expect(messages()).toEqual([{ role: 'assistant', content: 'Hi!', status: 'complete' }])
  })
})

describe('chat controller: two tabs on one conversation', () => {
  it('shows the other tab’s message and live reply, then the conversation as stored', async () => {
    const storage = new Map<string, string>()
    const empty = () => jsonResponse(200, { messages: [] })
    const sent = liveBody()
    const followed = liveBody()
    const a = setup({ storage, stored: 'conv-1', responses: [empty, () => streamResponse(sent.body, 'conv-1')] })
    const b = setup({
      storage,
      responses: [
        empty,
        // B reloads when A's reply starts: the history lists it as streaming…
        () => jsonResponse(200, { messages: [{ id: 'u-1', role: 'user', content: 'Hello?', status: 'complete' }, { id: 'm-1', role: 'assistant', content: '', status: 'streaming' }] }),
        // …and B follows it through the resume route, from its first event.
        () => streamResponse(followed.body),
        // A's reply ended: B reloads once more.
        () => jsonResponse(200, { messages: [{ id: 'u-1', role: 'user', content: 'Hello?', status: 'complete' }, { id: 'm-1', role: 'assistant', content: 'Hi there', status: 'complete' }] }),
      ],
    })
    await Promise.all([a.controller.load(), b.controller.load()])

    const sending = a.controller.send('Hello?')
    const events = [summary('m-1'), frame('m-1', 2, { type: 'token', content: 'Hi' })]
    sent.write(events.join(''))
    await vi.waitFor(() => expect(b.fetch).toHaveBeenCalledTimes(3))
    expect(b.fetch.mock.calls[2]![0]).toBe(`${endpoint}conversations/conv-1/stream?signed_context=payload.sig`)
    followed.write(events.join(''))
    await vi.waitFor(() => expect(b.messages()).toEqual(a.messages()))
    expect(b.messages()).toEqual([
      { role: 'user', content: 'Hello?', status: 'complete' },
      { role: 'assistant', content: 'Hi', status: 'streaming' },
    ])
    expect(b.controller.state.phase).toBe('streaming')

    const rest = frame('m-1', 3, { type: 'token', content: ' there' }) + doneFrame('m-1', 4)
    followed.write(rest)
    followed.close()
    await vi.waitFor(() => expect(b.controller.state.phase).toBe('idle'))
    sent.write(rest)
    sent.close()
    await sending
    await vi.waitFor(() => expect(b.fetch).toHaveBeenCalledTimes(4))
    await vi.waitFor(() => expect(b.controller.state.phase).toBe('idle'))
    expect(b.messages()).toEqual(a.messages())
    expect(a.messages()[1]).toEqual({ role: 'assistant', content: 'Hi there', status: 'complete' })
    // Only the tab that sent reports the reply to its page.
    expect(a.seen.replies).toHaveLength(1)
    expect(b.seen.replies).toEqual([])
  })

  it('follows a reply that another tab started while this one was still loading', async () => {
    const storage = new Map<string, string>()
    let answerFirstLoad!: (response: Response) => void
    const followed = liveBody()
    const b = setup({
      storage,
      stored: 'conv-1',
      responses: [
        // The first load is slow: it answers with the conversation as it was before the reply…
        () => new Promise<Response>((resolve) => (answerFirstLoad = resolve)),
        // …so the news that came meanwhile loads it again, and the reply is followed.
        () => jsonResponse(200, { messages: [{ id: 'u-1', role: 'user', content: 'Hello?', status: 'complete' }, { id: 'm-1', role: 'assistant', content: '', status: 'streaming' }] }),
        () => streamResponse(followed.body),
      ],
    })
    const loading = b.controller.load()
    await vi.waitFor(() => expect(b.fetch).toHaveBeenCalledTimes(1))
    const otherTab = linkTabs(endpoint, 'support', () => {})
    otherTab.post('reply')
    await vi.waitFor(() => expect(b.controller.state.phase).toBe('loading'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    answerFirstLoad(jsonResponse(200, { messages: [] }))
    await vi.waitFor(() => expect(b.fetch).toHaveBeenCalledTimes(3))
    followed.write(summary('m-1') + frame('m-1', 2, { type: 'token', content: 'Hi' }))
    await vi.waitFor(() => expect(b.messages().at(-1)).toEqual({ role: 'assistant', content: 'Hi', status: 'streaming' }))
    followed.write(doneFrame('m-1', 3))
    followed.close()
    await loading
    expect(b.controller.state.phase).toBe('idle')
    otherTab.close()
  })
})
