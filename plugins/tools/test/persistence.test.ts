import { describe, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { defineTool, isFresh, listToolInvocations, type PersistableTool } from '../src/index.js'
import { ask, start, wait } from './setup.js'

async function invocations(chatbot: Chatbot, publicId: string) {
  const { id } = await chatbot.db.selectFrom('conversations').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
  return listToolInvocations(chatbot.db, id)
}

const orders: PersistableTool = {
  name: 'orders',
  description: 'Orders',
  parameters: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
  persist: true,
  timeout: 0.01,
  handler: (args) => wait(30).then(() => ({ id: args.id, status: 'shipped' })),
}

describe('PersistableTool', () => {
  it('stores a ToolInvocation record per call, failures included; other tools store nothing', async () => {
    const h = await start({ channels: { default: { allowedTools: ['orders', 'clock'] } } })
    h.chatbot.registerTool(orders).registerTool(defineTool({ name: 'clock', description: 'Time', parameters: {}, handler: () => '12:00' }))
    h.provider.script(
      {
        toolCalls: [
          { id: 'c1', name: 'orders', arguments: { id: 7 } },
          { id: 'c2', name: 'orders', arguments: { id: 'seven' } },
          { id: 'c3', name: 'clock', arguments: {} },
        ],
      },
      { text: 'Shipped.' },
    )
    const before = Date.now()
    const { conversationId } = await ask(h)
    const rows = await invocations(h.chatbot, conversationId)
    // Parallel calls are stored as each finishes; the clock tool is not persistable.
    const byCall = Object.fromEntries(rows.map((row) => [row.callId, row]))
    expect(Object.keys(byCall).sort()).toEqual(['c1', 'c2'])
    expect(byCall.c1).toMatchObject({ toolName: 'orders', arguments: { id: 7 }, result: '{"id":7,"status":"shipped"}', error: null, overran: true })
    expect(byCall.c1!.durationMs).toBeGreaterThanOrEqual(25)
    expect(Date.parse(byCall.c1!.startedAt)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(byCall.c1!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(byCall.c1!.startedAt))
    expect(byCall.c2).toMatchObject({ toolName: 'orders', arguments: { id: 'seven' }, result: null, durationMs: null, overran: false })
    expect(byCall.c2!.error).toMatch(/^invalid_arguments: /)
  })
})

describe('isFresh (tools.replayFreshness)', () => {
  const now = new Date('2026-11-30T12:00:00+00:00')
  const finished = (secondsAgo: number) => ({ finishedAt: new Date(now.getTime() - secondsAgo * 1000).toISOString() })

  it('is fresh for that many seconds after the invocation finished, and not after', () => {
    expect(isFresh(finished(0), now, 300)).toBe(true)
    expect(isFresh(finished(300), now, 300)).toBe(true)
    expect(isFresh(finished(301), now, 300)).toBe(false)
    expect(isFresh(finished(1), now, 0)).toBe(false)
  })

  it('is never fresh unfinished, or finished in the future (clock skew)', () => {
    expect(isFresh({ finishedAt: null }, now, 300)).toBe(false)
    expect(isFresh(finished(-5), now, 300)).toBe(false)
  })
})
