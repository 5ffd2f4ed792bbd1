import { createMemoryCounterStore, StoresError } from '@chatbot-kit/stores'
import { describe, expect, it } from 'vitest'
import { ChatbotConfigException, ChatbotException } from '../errors/index.js'
import { bindCounterStore, createCounterStore } from './counter-store.js'
import { createDatabase, importDriver } from './database.js'
import { storesToException } from './to-exception.js'

const failure = (kind: StoresError['kind'], details: Partial<StoresError['details']> = {}) =>
  new StoresError('(the package wording)', { kind, reason: 'connection refused', ...details })

describe("the kernel's binding of the stores", () => {
  it.each([
    ['config', { key: 'database', reason: 'no good' }, 'config_invalid', 500, 'Invalid configuration "database": no good'],
    ['counters_unavailable', {}, 'counters_unavailable', 503, 'The counter store is unavailable (connection refused); try again shortly.'],
    ['database_unavailable', {}, 'database_unavailable', 503, 'The database is unavailable (connection refused); try again shortly.'],
    ['driver_missing', { driver: 'pg', purpose: 'CHATBOT_X is set' }, 'driver_missing', 500, 'CHATBOT_X is set, but the "pg" package is not installed: npm install pg'],
    ['table_conflict', { table: 'messages', tablePrefix: '' }, 'table_conflict', 500, 'Table "messages" already exists in the database and was not created by chatbot-kit: set database.tablePrefix (CHATBOT_DATABASE_TABLE_PREFIX), e.g. "chatbot_".'],
  ] as const)('turns %s into the exception with code %s', (kind, details, code, status, message) => {
    const exception = storesToException(failure(kind, details))
    expect(ChatbotException.isInstance(exception)).toBe(true)
    expect([(exception as ChatbotException).code(), (exception as ChatbotException).status, (exception as Error).message]).toEqual([code, status, message])
  })

  it('passes anything else as it is', () => {
    const other = new Error('boom')
    expect(storesToException(other)).toBe(other)
  })

  it("fails start-up with the kernel's exceptions", async () => {
    const counters = await createCounterStore('postgres://user:s3cret@db/app').catch((error: unknown) => error)
    expect(counters).toBeInstanceOf(ChatbotConfigException)
    expect((counters as ChatbotConfigException).key).toBe('storage')
    await expect(createDatabase('mysql://root@localhost/chat')).rejects.toBeInstanceOf(ChatbotConfigException)
    const missing = await importDriver('chatbot-kit-absent-driver', 'CHATBOT_X is set', () => import('chatbot-kit-absent-driver' as string)).catch((error: unknown) => error)
    expect(ChatbotException.isInstance(missing) && missing.code()).toBe('driver_missing')
  })

  it("fails a counter call with the kernel's exception", async () => {
    const store = createMemoryCounterStore()
    const down = bindCounterStore({ ...store, increment: () => Promise.reject(failure('counters_unavailable')) })
    const error = await down.increment('key', 1, 60).catch((caught: unknown) => caught)
    expect(ChatbotException.isInstance(error) && [error.code(), error.isRetryable()]).toEqual(['counters_unavailable', true])
    expect(await down.get('key')).toBe(0)
    await store.close()
  })
})
