import type { Database } from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** Distinct SQL texts kept prepared; the repositories use a few dozen, bulk inserts add one-offs. */
const CAPACITY = 200

/**
 * Kysely prepares every query anew, which is about half the cost of the per-turn writes on
 * SQLite. This wrapper prepares each distinct SQL text once (least recently used ones go).
 * Reusing a statement is safe because Kysely runs one query at a time on its single SQLite connection.
 */
export function createStatementCache(database: Database, beforeClose?: () => void): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    close: () => {
      beforeClose?.()
      database.close()
    },
    prepare(sql) {
      const cached = statements.get(sql)
      // Delete and set again: a Map keeps insertion order, so its first key is the least recently used.
      statements.delete(sql)
      const statement = cached ?? database.prepare(sql)
      statements.set(sql, statement)
      if (statements.size > CAPACITY) statements.delete(statements.keys().next().value as string)
      return statement
    },
  }
}
