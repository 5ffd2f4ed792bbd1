import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { ResolvedConfig } from '@chatbot-kit/kernel'
import { createFileStore } from '../src/storage/file-store.js'

// The default store: the fs driver in `attachments/` beside the SQLite file.

const folder = mkdtempSync(join(tmpdir(), 'chatbot-store-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

it('keeps files in attachments/ beside the SQLite file when no driver is set', async () => {
  const config = { attachments: { storage: undefined }, database: { url: join(folder, 'db', 'chatbot.sqlite') } } as unknown as ResolvedConfig
  const store = await createFileStore(config)()
  await store.setItemRaw('f1', Buffer.from('hello'))
  expect(existsSync(join(folder, 'db', 'attachments', 'f1'))).toBe(true)
  expect(Buffer.from((await store.getItemRaw('f1')) as Buffer).toString()).toBe('hello')
})
