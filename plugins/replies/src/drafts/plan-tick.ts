import type { LocalReply } from './local-replies.js'

/** One timer for every reply: a reply gets its row once it has streamed this long, then updates each tick. */
export const FLUSH_INTERVAL_MS = 1000
/**
 * Draft inserts and updates per tick, whatever the number of replies. On SQLite every write holds
 * the one connection that health and the turns also need, and the texts are copied whole: 100
 * rows in two statements take a few milliseconds, so at 10,000 open replies each draft is
 * rewritten about every 100 s rather than every second (it only serves crash recovery and other
 * instances' history).
 */
export const WRITES_PER_TICK = 100

/** A write of a tick, with the text as it was when the tick began. */
export interface DraftWrite {
  reply: LocalReply
  content: string
}

export interface TickPlan {
  inserts: DraftWrite[]
  updates: DraftWrite[]
  /** Ended replies with a row to delete (deletes are not counted: one statement per 500). */
  ended: LocalReply[]
}

/**
 * What a tick writes: first the rows of replies that have run a second and have none (oldest
 * first), then, in the room left, the rows whose text changed, the one written longest ago first
 * (so under load every reply gets its turn); and the deletes of ended replies.
 */
export function planTick(replies: Iterable<LocalReply>, now: number): TickPlan {
  const inserts: DraftWrite[] = []
  const changed: LocalReply[] = []
  const ended: LocalReply[] = []
  for (const reply of replies) {
    // An ended reply still listed has a row, or may have one (see `LocalReplies.end`).
    if (reply.ended) ended.push(reply)
    else if (!reply.drafted) {
      if (inserts.length < WRITES_PER_TICK && now - reply.startedAt.getTime() >= FLUSH_INTERVAL_MS) inserts.push({ reply, content: reply.turn.text })
    } else if (reply.turn.text.length !== reply.writtenLength) changed.push(reply)
  }
  const room = WRITES_PER_TICK - inserts.length
  if (changed.length > room) changed.sort((a, b) => a.writtenAt - b.writtenAt)
  const updates = changed.slice(0, room).map((reply) => ({ reply, content: reply.turn.text }))
  return { inserts, updates, ended }
}
