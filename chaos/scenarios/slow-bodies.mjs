// Scenario 1c: 50 sockets that announce a 1 KB body and trickle it a byte a second (a slowloris).
// Expected: each is answered (408) or closed by the server's body deadline, not held open, and
// the server still answers a normal turn meanwhile.
import net from 'node:net'
import { burst } from '../probe.mjs'
import { createDatabase, crashed, envelope, runId, serverEnv, startServer, stopServer } from '../stack.mjs'
import { createTally } from '../tally.mjs'

const SOCKETS = 50
/** The body deadline is 10 s; a socket still open at this point counts as a hang. */
const GIVE_UP_MS = 20_000

function trickle(server, user) {
  const start = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1')
    let head = ''
    let timer
    const finish = (end) => {
      clearInterval(timer)
      clearTimeout(limit)
      socket.destroy()
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)
      resolve({ status, end: status ? 'eof' : end, ms: performance.now() - start, body: head, events: [], text: '' })
    }
    const limit = setTimeout(() => finish('hang'), GIVE_UP_MS)
    socket.on('data', (chunk) => (head += chunk.toString('latin1')))
    socket.on('error', () => finish('reset'))
    socket.on('close', () => finish('reset'))
    socket.on('connect', () => {
      const body = JSON.stringify({ signed_context: envelope(user), message: 'slow '.repeat(200) })
      socket.write(`POST /chatbot/messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`)
      let sent = 0
      timer = setInterval(() => sent < body.length && socket.write(body[sent++]), 1000)
    })
  })
}

export async function slowBodiesScenario({ provider }) {
  const tally = createTally('1c. slow request bodies')
  const db = await createDatabase('sqlite')
  const server = await startServer(serverEnv(provider.url, db.connect()))
  try {
    const sockets = Array.from({ length: SOCKETS }, (_, i) => trickle(server, `slow-${runId}-${i}`))
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const meanwhile = await burst(server, { count: 5, prefix: `slow-${runId}-ok` })
    const results = await Promise.all(sockets)
    for (const result of [...results, ...meanwhile]) tally.record(result)
    if (meanwhile.some((r) => r.end !== 'done')) tally.fail('normal turns failed while slow bodies were open')
    const statuses = {}
    for (const r of results) statuses[r.status || r.end] = (statuses[r.status || r.end] ?? 0) + 1
    tally.note(`${SOCKETS} sockets, 1 byte/s: ${Object.entries(statuses).map(([s, n]) => `${n}× ${s}`).join(', ')} after ${(Math.max(...results.map((r) => r.ms)) / 1000).toFixed(1)} s at most; 5 normal turns meanwhile: ${meanwhile.filter((r) => r.end === 'done').length} done`)
  } finally {
    if (crashed(server)) {
      tally.row.crashes++
      tally.note(`server exited (${server.exitCode}): ${server.stderr().slice(-300)}`)
    }
    await stopServer(server)
  }
  return tally.finish()
}
