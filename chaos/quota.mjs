// "Counters off": today's quota use per user, read through the public `chatbot.quota(identity)`
// of a chatbot on the same counter store (Redis), so the check holds whatever keys the quota
// plugin keeps. Its own database is in memory: only the counters are shared.
import { APP_KEY, countTokens } from './stack.mjs'

const { createChatbot } = await import('../packages/chatbot/dist/index.js')

/** Today's `{ input, output }` used tokens of each user in `users`, as a Map. */
export async function readQuota(storage, users, overrides = {}) {
  const chatbot = await createChatbot({ appKey: APP_KEY, database: ':memory:', storage, ...overrides }, { env: {} })
  try {
    const used = new Map()
    for (const user of users) {
      const status = await chatbot.quota({ userId: user })
      used.set(user, { input: status.input.used, output: status.output.used })
    }
    return used
  } finally {
    await chatbot.close()
  }
}

/**
 * Compares each user's output count with the tokens of the replies stored for that user (a
 * turn's own count when the provider reports no usage, as the suite's provider does). A
 * reservation left behind shows as hundreds of tokens more. Reports into `tally.countersOff`.
 */
export function checkOutputCounts(used, rows, tally, slack = 2) {
  const stored = new Map()
  for (const row of rows) if (row.role === 'assistant') stored.set(row.user_id, (stored.get(row.user_id) ?? 0) + countTokens(row.content))
  for (const [user, counts] of used) {
    const expected = stored.get(user) ?? 0
    if (Math.abs(counts.output - expected) > slack) {
      tally.row.countersOff++
      tally.fail('output quota count differs from the stored replies', `${user}: ${counts.output} counted, ${expected} stored`)
    }
  }
}
