import { dialectOf, sql } from '@chatbot-kit/kernel/plugin'
import type { ChatbotDb } from './tables.js'

const known = new WeakMap<object, Promise<boolean>>()

/**
 * Whether Postgres has pgvector's `vector` extension; when it does, the chunks get an
 * `embedding_vector vector` column (added here, once, as the extension may be installed after
 * the plugin's migrations ran) that sync fills and search orders by `<=>`. Checked once per process.
 */
export function usesPgvector(db: ChatbotDb): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') return Promise.resolve(false)
  let answer = known.get(db)
  if (!answer) {
    answer = (async () => {
      const { rows } = await sql<{ present: number }>`select 1 as present from pg_extension where extname = 'vector'`.execute(db)
      if (rows.length === 0) return false
      await sql`alter table ${sql.table('knowledge_chunks')} add column if not exists embedding_vector vector`.execute(db)
      return true
    })()
    known.set(db, answer)
  }
  return answer
}

/** pgvector's text form of a vector, `[0.1,0.2,…]`, cast to `vector`. */
export const vectorValue = (vector: Float32Array) => sql`${`[${Array.from(vector).join(',')}]`}::vector`
