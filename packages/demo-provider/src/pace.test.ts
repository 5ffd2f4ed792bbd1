import { postJson, readSse } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'
import { HUMAN_PACE, withPace } from './pace.js'
import { createDefaultResponder } from './responder.js'
import { createDemoProvider } from './server.js'

type Chunk = { choices: { delta: { content?: string | null } }[] }
const request = { messages: [{ role: 'user', content: 'Hello there' }] }

describe('pace', () => {
  test("'human' gives default replies a pause before the first token and between words; instant is the default", () => {
    expect(createDefaultResponder({ pace: 'human' })(request)).toMatchObject(HUMAN_PACE)
    const instant = createDefaultResponder()(request)
    expect(instant.firstChunkDelayMs).toBeUndefined()
    expect(instant.tokenDelayMs).toBeUndefined()
  })

  test('benchmark replies (tokensPerReply) stay instant, and a reply that sets its own delays keeps them', () => {
    expect(createDefaultResponder({ tokensPerReply: 3, pace: 'human' })(request)).toEqual({ text: 'tok0 tok1 tok2' })
    expect(withPace({ text: 'x', tokenDelayMs: 0 }, 'human')).toEqual({ text: 'x', tokenDelayMs: 0, firstChunkDelayMs: HUMAN_PACE.firstChunkDelayMs })
    expect(withPace({ toolCalls: [{ name: 't', arguments: {} }] }, 'human').tokenDelayMs).toBeLessThan(HUMAN_PACE.tokenDelayMs)
  })

  test('over the wire, a human-paced reply streams word-sized deltas; a scripted one streams as scripted', async () => {
    const provider = await createDemoProvider({ pace: 'human' })
    try {
      const deltas = async () => {
        const events = await readSse<Chunk | string>(await postJson(`${provider.url}/chat/completions`, { ...request, stream: true }))
        return (events.slice(0, -1) as Chunk[]).flatMap((chunk) => chunk.choices[0]?.delta.content ?? [])
      }
      const words = await deltas()
      expect(words.length).toBeGreaterThan(10)
      for (const word of words) expect(word.trim()).toMatch(/^\S+$/)
      expect(words.join('')).toMatch(/^Hello! .*offline demo provider/)
      provider.script({ chunks: ['all at ', 'once'] })
      expect(await deltas()).toEqual(['all at ', 'once'])
    } finally {
      await provider.close()
    }
  })
})
