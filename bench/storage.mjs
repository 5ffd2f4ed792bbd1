#!/usr/bin/env node
// Storage throughput: `node bench/storage.mjs <count> <dir>` stores <count> messages through the
// kernel's storage layer (createDatabase → migrate → createConversation → insertMessage, one
// awaited insert at a time, as a turn does) into a fresh SQLite file, and the same rows through a
// bare better-sqlite3 prepared statement for reference. Prints one JSON line.
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createConversation, createDatabase, insertMessage, migrate } from '../packages/kernel/dist/kernel.js'

const count = Number(process.argv[2] ?? 10_000)
const dir = process.argv[3]

const database = await createDatabase(join(dir, 'storage-kernel.sqlite'))
await migrate(database.db)
let conversation = await createConversation(database.db, { channel: 'default', owner: { userId: 'bench' }, routeName: 'bench' })
for (let i = 0; i < 200; i++) {
  await insertMessage(database.db, { conversationId: conversation.id, role: 'user', content: 'warm up', routeName: 'bench', contextHash: null, tokenCount: 2 })
}
const start = performance.now()
for (let i = 0; i < count; i++) {
  if (i % 2 === 0 && i % 20 === 0) conversation = await createConversation(database.db, { channel: 'default', owner: { userId: `bench-${i}` }, routeName: 'bench' })
  await insertMessage(database.db, {
    conversationId: conversation.id,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: `Message number ${i}: tok0 tok1 tok2 tok3 tok4 tok5 tok6 tok7 tok8 tok9`,
    routeName: 'bench',
    contextHash: null,
    tokenCount: 12,
  })
}
const kernelMs = performance.now() - start
await database.close()

const raw = new Database(join(dir, 'storage-raw.sqlite'))
raw.pragma('journal_mode = WAL')
raw.exec('CREATE TABLE messages (id INTEGER PRIMARY KEY, conversation_id INTEGER, role TEXT, content TEXT, created_at TEXT)')
const insert = raw.prepare('INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)')
const rawStart = performance.now()
for (let i = 0; i < count; i++) insert.run(1, i % 2 === 0 ? 'user' : 'assistant', `Message number ${i}: tok0 tok1 tok2 tok3 tok4 tok5 tok6 tok7 tok8 tok9`, new Date().toISOString())
const rawMs = performance.now() - rawStart
raw.close()

process.stdout.write(`${JSON.stringify({ count, kernelMs, kernelPerSecond: (count / kernelMs) * 1000, rawMs, rawPerSecond: (count / rawMs) * 1000 })}\n`)
