import { randomUUID } from 'node:crypto'

export interface PostgresSchema {
  /** `url` with `search_path` set to the fresh schema: every connection made from it lands there. */
  url: string
  /** The fresh schema's name. */
  name: string
  /** A free schema name, not created, for code that creates its own (config `database.schema`); `drop()` removes it too. */
  sibling: string
  /** Drops the schema, the sibling when it exists, and everything in them. */
  drop(): Promise<void>
}

/**
 * A fresh, empty schema in the Postgres database at `url`, so test files sharing one database
 * never see each other's tables. Uses `pg` directly: it runs before anything is migrated.
 */
export async function createPostgresSchema(url: string): Promise<PostgresSchema> {
  const name = `chatbot_test_${randomUUID().replaceAll('-', '')}`
  const sibling = `${name}_own`
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
  await admin(`create schema "${name}"`)
  const scoped = new URL(url)
  scoped.searchParams.set('options', `-c search_path=${name}`)
  return {
    url: scoped.toString(),
    name,
    sibling,
    drop: () => admin(`drop schema if exists "${sibling}" cascade; drop schema "${name}" cascade`),
  }
}
