/** Where an event stands against the last one applied to the reply shown (contract §9.1 ids). */
export type EventPlace = 'seen' | 'next' | 'other'

const ID = /^(.+):(\d+)$/

/**
 * Orders an event by its SSE id, `<message_id>:<seq>`, against `last`, the id of the last event
 * applied: `seen` for one already applied (a resumed stream repeating it), `next` for a later
 * event of the same reply, `other` for an event of another reply, whose replay starts from its
 * first event and so replaces what is shown. An event without a usable id (an older server) is
 * `next`: applied as it comes.
 */
export function placeOf(id: string, last: string): EventPlace {
  const event = ID.exec(id)
  if (!event) return 'next'
  const previous = ID.exec(last)
  if (!previous || event[1] !== previous[1]) return 'other'
  return Number(event[2]) > Number(previous[2]) ? 'next' : 'seen'
}
