import { join } from 'node:path'
import Database from 'better-sqlite3'
import { beforeAll, describe, expect, it } from 'vitest'
import { generateAppKey } from '@chatbot-kit/kernel'
import { assertBuilt, cleanEnv, run, start, stop, tempProject } from './cli.js'

const URL_LINE = /serving (http:\/\/[\d.]+:\d+)\/chatbot/
const CONFLICT = 'Table "messages" already exists in the database and was not created by chatbot-kit: set database.tablePrefix (CHATBOT_DATABASE_TABLE_PREFIX), e.g. "chatbot_". (table_conflict)'

beforeAll(() => assertBuilt())

/** A project whose SQLite database already holds the host's own `messages` table. */
function hostProject() {
  const dir = tempProject()
  const file = join(dir, 'app.sqlite')
  const host = new Database(file)
  host.exec(`create table messages (id integer primary key, body text not null); insert into messages (body) values ('the host''s')`)
  host.close()
  const env = (extra: Record<string, string> = {}) => cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: file, CHATBOT_ROUTE_MIDDLEWARE: '', ...extra })
  return { dir, file, env }
}

/** The lines a command printed, without blank ones. */
const lines = (result: { stdout: string; stderr: string }) => (result.stdout + result.stderr).split('\n').map((line) => line.trim()).filter(Boolean)

describe('a database that already has a table of ours', () => {
  it('chatbot migrate and chatbot serve stop with one line naming the table and the fix', async () => {
    const { dir, env } = hostProject()
    for (const args of [['migrate'], ['serve', '--port', '0']]) {
      const result = await run(args, dir, env())
      expect(result.code).toBe(1)
      expect(lines(result)).toEqual([expect.stringContaining(CONFLICT)])
    }
  })

  it('with CHATBOT_DATABASE_TABLE_PREFIX, migrate puts ours beside it, and serve and health see the same tables', async () => {
    const { dir, file, env } = hostProject()
    const prefixed = env({ CHATBOT_DATABASE_TABLE_PREFIX: 'chatbot_' })
    const server = await start(['serve', '--port', '0', '--no-migrate'], dir, prefixed, URL_LINE)
    try {
      const health = () => fetch(`${server.match[1]}/chatbot/health`)
      expect((await health()).status).toBe(503)
      const migrated = await run(['migrate'], dir, prefixed)
      expect(migrated.code).toBe(0)
      expect(migrated.stdout + migrated.stderr).toMatch(/Applied 12 migration/)
      expect((await health()).status).toBe(200)
      expect((await run(['migrate'], dir, prefixed)).stdout).toMatch(/up to date/)
    } finally {
      await stop(server.child)
    }
    const check = new Database(file, { readonly: true })
    const tables = check.prepare(`select name from sqlite_master where type = 'table' and substr(name, 1, 7) <> 'sqlite_' order by name`).all()
    check.close()
    expect(tables.map((row) => (row as { name: string }).name)).toEqual([
      'chatbot_admin_daily_activity',
      'chatbot_admin_refusals',
      'chatbot_attachments',
      'chatbot_conversations',
      'chatbot_handoff_changes',
      'chatbot_handoff_messages',
      'chatbot_handoff_seen_events',
      'chatbot_handoffs',
      'chatbot_knowledge_chunks',
      // The FTS5 index and its shadow tables.
      'chatbot_knowledge_chunks_fts',
      'chatbot_knowledge_chunks_fts_config',
      'chatbot_knowledge_chunks_fts_content',
      'chatbot_knowledge_chunks_fts_data',
      'chatbot_knowledge_chunks_fts_docsize',
      'chatbot_knowledge_chunks_fts_idx',
      'chatbot_knowledge_documents',
      'chatbot_knowledge_gaps',
      'chatbot_knowledge_sync_state',
      'chatbot_kysely_migration',
      'chatbot_kysely_migration_lock',
      'chatbot_message_feedback',
      'chatbot_messages',
      'chatbot_replies_in_progress',
      'chatbot_replies_instances',
      'chatbot_tool_approvals',
      'chatbot_tool_invocations',
      'messages',
    ])
  })
})
