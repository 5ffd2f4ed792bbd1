import { PostgresAdapter, SqliteAdapter, type QueryExecutorProvider } from 'kysely'

export type DatabaseDialect = 'sqlite' | 'postgres'

/**
 * Which of the two supported dialects a Kysely instance speaks. Migrations need it for the few
 * things SQL does not spell the same way (auto-increment ids, the migration table's schema).
 */
export function dialectOf(db: QueryExecutorProvider): DatabaseDialect {
  const { adapter } = db.getExecutor()
  if (adapter instanceof PostgresAdapter) return 'postgres'
  if (adapter instanceof SqliteAdapter) return 'sqlite'
  throw new Error('chatbot-kit storage supports SQLite and Postgres only.')
}
