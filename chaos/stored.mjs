// "Stored messages lost": every answer a client saw is compared with the database after the fact.
// A stream that opened (200) must have its user message stored; a `done` its reply, with the text
// the client read; a stream that ended after text without `done` its partial reply, marked
// incomplete. NUL characters are left out of the comparison: a server may drop them.

const clean = (text) => text.replaceAll('\u0000', '').replaceAll('\ufffd', '')

/**
 * Checks `results` (chaos/client.mjs answers to the messages route) against `rows` (the stored
 * messages, from chaos/stack.mjs) and reports into `tally`: `lost` for a missing message, a
 * failed check for a stored text that differs from what the client saw.
 */
export function checkStored(results, rows, tally) {
  const byConversation = new Map()
  for (const row of rows) {
    const list = byConversation.get(row.conversation) ?? []
    list.push(row)
    byConversation.set(row.conversation, list)
  }
  for (const result of results) {
    if (result.status !== 200) continue
    const id = result.headers['x-chatbot-conversation-id']
    const stored = byConversation.get(id) ?? []
    if (!stored.some((row) => row.role === 'user')) {
      tally.row.lost++
      tally.fail('user message of an opened stream not stored', id)
      continue
    }
    const done = result.events.find((event) => event.type === 'done')
    if (done) {
      const reply = stored.find((row) => row.message_id === done.message_id)
      if (!reply) {
        tally.row.lost++
        tally.fail('reply acknowledged by `done` not stored', done.message_id)
      } else if (clean(reply.content) !== clean(result.text)) tally.fail('stored reply differs from the streamed text', `${JSON.stringify(reply.content.slice(0, 40))} vs ${JSON.stringify(result.text.slice(0, 40))}`)
      continue
    }
    if (result.text === '') continue
    const partial = stored.filter((row) => row.role === 'assistant' && row.status === 'incomplete').find((row) => clean(row.content) === clean(result.text))
    if (!partial) {
      tally.row.lost++
      const near = stored.filter((row) => row.role === 'assistant').map((row) => `${row.status}:${row.content.length}`)
      tally.fail('partial reply the client saw not stored', `${result.text.length} chars streamed, stored [${near.join(',')}]`)
    }
  }
}
