// Scenario 6: two instances on one Postgres and one Redis, no balancer (two ports). (a) 500
// concurrent requests from one client address against a throttle of 25 per minute admit exactly
// 25; (b) one user's daily output quota, spent by turns on both instances at once and then one
// by one, is used exactly: never more than the limit reaches the browser, no turn is refused
// while budget remains, and the counter ends at what the browsers got.
import { postMessage } from '../client.mjs'
import { readQuota } from '../quota.mjs'
import { countTokens, createDatabase, crashed, envelope, redisUrl, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { checkStored } from '../stored.mjs'
import { createTally } from '../tally.mjs'

const LIMIT = 25
const QUOTA = 300
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** A client address of this run's own, so earlier runs' windows do not count. */
const address = (n) => `10.${parseInt(runId.slice(0, 2), 16)}.${parseInt(runId.slice(2, 4), 16)}.${n}`

export async function clusterScenario({ provider }) {
  const tally = createTally('6. two instances')
  const db = await createDatabase('postgres')
  const env = serverEnv(provider.url, db.connect(), {
    CHATBOT_STORAGE_URL: redisUrl(),
    CHATBOT_THROTTLE_PER_MINUTE: String(LIMIT),
    CHATBOT_THROTTLE_TRUST_PROXY: '1',
    CHATBOT_DAILY_QUOTA_OUTPUT: String(QUOTA),
  })
  // One after the other: the first applies the migrations.
  const servers = [await startServer(env), await startServer(env)]
  const all = []
  try {
    // (a) The throttle: all 500 inside one minute window.
    if (Date.now() % 60_000 > 45_000) await sleep(60_000 - (Date.now() % 60_000) + 200)
    const ip = address(1)
    const throttled = await Promise.all(
      Array.from({ length: 500 }, (_, i) => postMessage(servers[i % 2].url, { signed_context: envelope(`cluster-${runId}-t${i}`), message: 'hi' }, { headers: { 'x-forwarded-for': ip } })),
    )
    all.push(...throttled)
    for (const r of throttled) tally.record(r)
    const admitted = throttled.filter((r) => r.status === 200).length
    const refused = throttled.filter((r) => r.status === 429).length
    if (admitted !== LIMIT) {
      tally.row.countersOff++
      tally.fail(`throttle admitted ${admitted} of 500, limit ${LIMIT}`)
    }
    tally.note(`throttle ${LIMIT}/min: ${admitted} admitted, ${refused} × 429 of 500 over 2 instances`)

    // (b) The quota: 40 turns at once, then one by one until refused.
    const user = `cluster-${runId}-quota`
    let n = 0
    const turn = () => {
      n++
      return postMessage(servers[n % 2].url, { signed_context: envelope(user), message: `spend ${n} [[reply:40:5]]` }, { headers: { 'x-forwarded-for': address(2 + (n % 200)) } })
    }
    const turns = await Promise.all(Array.from({ length: 40 }, turn))
    for (let i = 0; i < 20; i++) {
      const result = await turn()
      turns.push(result)
      if (result.text === '' && (result.errorCode === 'quota_exceeded' || result.status === 429)) break
    }
    all.push(...turns)
    for (const r of turns) tally.record(r)
    const delivered = turns.reduce((sum, r) => sum + (r.text ? countTokens(r.text) : 0), 0)
    const cut = turns.filter((r) => r.text && r.errorCode === 'quota_exceeded').length
    const used = (await readQuota(redisUrl(), [user], { dailyQuota: { output: QUOTA } })).get(user).output
    if (delivered > QUOTA) tally.fail(`quota overspent: ${delivered} tokens streamed, limit ${QUOTA}`)
    if (used < delivered || used > QUOTA + cut) {
      tally.row.countersOff++
      tally.fail(`quota counter ${used} vs ${delivered} tokens streamed (limit ${QUOTA}, ${cut} turns cut)`)
    }
    if (used < QUOTA) tally.fail(`turns refused while ${QUOTA - used} tokens of the day remained`)
    tally.note(`quota ${QUOTA} output tokens: ${turns.length} turns, ${delivered} tokens streamed, counter ${used}, ${cut} cut at the limit`)
  } finally {
    for (const server of servers) {
      if (crashed(server)) {
        tally.row.crashes++
        tally.note(`an instance exited (${server.exitCode}): ${server.stderr().slice(-300)}`)
      }
      await stopServer(server)
    }
  }
  checkStored(all, await db.rows(), tally)
  await db.drop()
  return tally.finish()
}
