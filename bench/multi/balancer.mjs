#!/usr/bin/env node
// A small TCP balancer for the instances scenario: `node bench/multi/balancer.mjs '<json>'` with
// `{ "targets": ["http://127.0.0.1:1234", …] }`. Each new connection goes to the next target in
// turn and its bytes are piped both ways; prints `{"url": "http://127.0.0.1:<port>"}` once listening.
// Connections, not requests, are balanced, as an L4 load balancer in front of the instances does.
import net from 'node:net'

const { targets } = JSON.parse(process.argv[2])
const upstreams = targets.map((url) => new URL(url))
let next = 0

const server = net.createServer((client) => {
  const target = upstreams[next++ % upstreams.length]
  const upstream = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true })
  client.setNoDelay(true)
  client.pipe(upstream).pipe(client)
  const close = () => {
    client.destroy()
    upstream.destroy()
  }
  client.on('error', close).on('close', close)
  upstream.on('error', close).on('close', close)
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`)
})
