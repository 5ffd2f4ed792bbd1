import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createConversation, createDatabase, generateAppKey, insertMessage, migrate, migrationsOf } from '@chatbot-kit/kernel'
import { builtinPlugins } from '../src/create.js'
import { assertBuilt, cleanEnv, run, tempProject } from './cli.js'

describe('chatbot conversations', () => {
  let dir: string
  let env: Record<string, string>
  let ids: string[]
  beforeAll(async () => {
    assertBuilt()
    dir = tempProject()
    const file = join(dir, 'chat.sqlite')
    env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: file, CHATBOT_ROUTE_MIDDLEWARE: '' })
    const database = await createDatabase(file)
    await migrate(database.db, migrationsOf({ plugins: builtinPlugins() }))
    ids = []
    for (const [index, owner] of [{ userId: 'alice' }, { guestId: 'g-1' }, { userId: 'bob' }].entries()) {
      const conversation = await createConversation(database.db, { channel: 'default', owner, routeName: 'home', now: new Date(Date.now() - (3 - index) * 60_000) })
      await insertMessage(database.db, { conversationId: conversation.id, role: 'user', content: `hello from ${index}`, routeName: 'home', contextHash: null, tokenCount: 3 })
      ids.push(conversation.publicId)
    }
    await database.close()
  })

  it('lists conversations as JSON, filtered by owner', async () => {
    const all = await run(['conversations', 'list', '--json'], dir, env)
    expect(all.code).toBe(0)
    expect((JSON.parse(all.stdout) as { items: { id: string }[] }).items.map((item) => item.id).sort()).toEqual([...ids].sort())
    const alice = JSON.parse((await run(['conversations', 'list', '--json', '--user', 'alice'], dir, env)).stdout) as { items: { id: string; messageCount: number }[] }
    expect(alice.items).toEqual([expect.objectContaining({ id: ids[0], messageCount: 1 })])
  })

  it('shows one conversation with its messages, then deletes it', async () => {
    const shown = await run(['conversations', 'show', ids[1]!], dir, env)
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('hello from 1')
    expect((await run(['conversations', 'delete', ids[1]!], dir, env)).code).toBe(0)
    const missing = await run(['conversations', 'show', ids[1]!], dir, env)
    expect(missing.code).toBe(1)
    expect(missing.stderr + missing.stdout).toMatch(/not found|no conversation/i)
  })

  it('rejects a malformed id with a clear message', async () => {
    const result = await run(['conversations', 'delete', 'not-a-uuid'], dir, env)
    expect(result.code).toBe(1)
    expect(result.stderr + result.stdout).toMatch(/id/)
  })
})
