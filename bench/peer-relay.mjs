#!/usr/bin/env node
// The peer the budgets compare against: a hand-written relay on the Vercel AI SDK (`ai` 6 +
// `@ai-sdk/openai-compatible`). POST /messages `{ message }`: stores the user message in SQLite
// (better-sqlite3, WAL) before the provider call, relays tokens as SSE in the same event shape as
// chatbot-kit (`token`, then `done`), stores the assistant message after, and aborts the provider
// call when the client goes away. GET /health answers `{ status: 'ok' }`.
// `node bench/peer-relay.mjs --port 0 --base-url http://127.0.0.1:P/v1 --database /tmp/peer.sqlite`
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import Database from 'better-sqlite3'
import { streamText } from 'ai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'base-url': { type: 'string' },
    database: { type: 'string', default: ':memory:' },
  },
})

const db = new Database(values.database)
db.pragma('journal_mode = WAL')
db.pragma('synchronous = NORMAL')
db.exec(`CREATE TABLE IF NOT EXISTS conversations (id INTEGER PRIMARY KEY, public_id TEXT NOT NULL, user_id TEXT, created_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, role TEXT NOT NULL, content TEXT NOT NULL, created_at TEXT NOT NULL)`)
const insertConversation = db.prepare('INSERT INTO conversations (public_id, user_id, created_at) VALUES (?, ?, ?)')
const insertMessage = db.prepare('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)')

const provider = createOpenAICompatible({ baseURL: values['base-url'], name: 'demo', apiKey: 'bench' })
const model = provider.chatModel('demo')

async function readJson(req) {
  let raw = ''
  for await (const chunk of req) raw += chunk
  return JSON.parse(raw)
}

const server = http.createServer({ noDelay: true }, (req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
    return
  }
  if (req.method !== 'POST' || req.url !== '/messages') {
    res.writeHead(404).end()
    return
  }
  relay(req, res).catch((error) => {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(error) }))
    else res.end(`data: ${JSON.stringify({ type: 'error', message: String(error) })}\n\n`)
  })
})

async function relay(req, res) {
  const body = await readJson(req)
  if (typeof body.message !== 'string' || body.message === '') {
    res.writeHead(422).end()
    return
  }
  const now = new Date().toISOString()
  const conversationId = Number(insertConversation.run(randomUUID(), body.user ?? null, now).lastInsertRowid)
  insertMessage.run(conversationId, 'user', body.message, now)

  const abort = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) abort.abort()
  })
  const result = streamText({ model, messages: [{ role: 'user', content: body.message }], abortSignal: abort.signal })
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
  let text = ''
  try {
    for await (const delta of result.textStream) {
      text += delta
      res.write(`data: ${JSON.stringify({ type: 'token', text: delta })}\n\n`)
    }
  } catch (error) {
    if (abort.signal.aborted) return
    throw error
  }
  if (abort.signal.aborted) return
  insertMessage.run(conversationId, 'assistant', text, new Date().toISOString())
  res.end(`data: ${JSON.stringify({ type: 'done', conversation_id: conversationId })}\n\n`)
}

server.listen({ port: Number(values.port), host: '127.0.0.1', backlog: 65_535 }, () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`)
})
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close()
    server.closeAllConnections()
    db.close()
    process.exit(0)
  })
}
