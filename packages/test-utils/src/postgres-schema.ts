import { randomUUID } from 'node:crypto'

export interface PostgresSchema {
  /** `url` with `search_path` set to the fresh schema: every connection made from it lands there. */
  url: string
  /** Drops the schema and everything in it. */
  drop(): Promise<void>
}

/**
 * A fresh, empty schema in the Postgres database at `url`, so test files sharing one database
 * never see each other's tables. Uses `pg` directly: it runs before anything is migrated.
 */
export async function createPostgresSchema(url: string): Promise<PostgresSchema> {
  const schema = `chatbot_test_${randomUUID().replaceAll('-', '')}`
  const { default: pg } = await import('pg')
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create schema "${schema}"`)
  const scoped = new URL(url)
  scoped.searchParams.set('options', `-c search_path=${schema}`)
  return { url: scoped.toString(), drop: () => admin(`drop schema "${schema}" cascade`) }
}
