import { describe, expect, it } from 'vitest'
import { timeline } from '../src/lib/timeline.js'

describe('a transcript’s timeline', () => {
  const message = (id: string, createdAt: string) => ({ id, createdAt })
  const tool = (id: string, messageId: string | null, startedAt: string) => ({ id, messageId, startedAt })

  it('puts tool calls and approvals with their reply, and the others where they happened', () => {
    const entries = timeline(
      [message('q1', '2026-11-01T10:00:00.000+00:00'), message('r1', '2026-11-01T10:00:01.000+00:00'), message('r2', '2026-11-01T10:05:00.000+00:00')],
      [tool('t1', 'r1', '2026-11-01T10:00:02.000+00:00'), tool('t2', null, '2026-11-01T10:00:03.000+00:00'), tool('t3', 'gone', '2026-11-01T10:06:00.000+00:00')],
      [
        { id: 'a1', messageId: 'r1', requestedAt: '2026-11-01T10:00:04.000+00:00' },
        { id: 'a2', messageId: null, requestedAt: '2026-11-01T10:04:00.000+00:00' },
      ],
    )
    expect(entries.map((entry) => entry.key)).toEqual(['m:q1', 'm:r1', 't:t2', 'a:a2', 'm:r2', 't:t3'])
    expect(entries[1]).toMatchObject({ kind: 'message', tools: [{ id: 't1' }], approvals: [{ id: 'a1' }] })
    expect(entries[0]).toMatchObject({ tools: [], approvals: [] })
  })
})
