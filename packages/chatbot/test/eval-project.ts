import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createDatabase } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import type { DATABASE_TARGETS } from './cli.js'
import { knowledgeProject } from './knowledge-project.js'

/** Cases that pass on the demo provider against the corpus fixture (one of each expectation). */
export const PASSING_CASES = `cases:
  - name: Return window
    question: What is your return policy?
    expect:
      sources: [returns#return-window]
      cites: true
      contains: [30 days]
      notContains: [can't really answer]
  - name: Nothing answers it
    question: Do you sell electric bicycles?
    expect: { gap: true, cites: false }
  - question: What is the status of order 1042?
    expect: { tools: [order_status] }
`

/**
 * A project whose config names the knowledge corpus as a folder and a tool, on a database of
 * `target`, synced (so the knowledge is in the host's database). `counts()` reads the rows a turn
 * writes: conversations, messages, gaps.
 */
export async function evalProject(target: (typeof DATABASE_TARGETS)[number]) {
  const { dir, url, env, cli, remove } = await knowledgeProject(
    target,
    `  tools: { definitions: [{
    name: 'order_status',
    description: 'The shipping status of one order, by its number.',
    parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    handler: ({ orderId }) => ({ order: orderId, status: 'shipped' }),
  }] },
  channels: { default: { allowedTools: ['order_status'] }, sales: { knowledge: [] } },`,
  )
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text)
  const counts = async () => {
    const database = await createDatabase(url, { tables: ['knowledge_gaps'] })
    try {
      const count = async (table: 'conversations' | 'messages' | 'knowledge_gaps') =>
        Number((await database.db.selectFrom(table as 'conversations').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n)
      return { conversations: await count('conversations'), messages: await count('messages'), gaps: await count('knowledge_gaps') }
    } finally {
      await database.close()
    }
  }
  /** Postgres: the eval's temporary schemas still there (none once a run ended). */
  const evalSchemas = async () => {
    if (!/^postgres/.test(url)) return []
    const database = await createDatabase(url)
    try {
      const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'chatbot_eval_%'`.execute(database.db)
      return rows.map((row) => row.name)
    } finally {
      await database.close()
    }
  }
  const synced = await cli('knowledge', 'sync')
  if (synced.code !== 0) throw new Error(`knowledge sync failed: ${synced.stderr}`)
  return {
    dir,
    env,
    cli,
    write,
    counts,
    evalSchemas,
    remove,
  }
}
