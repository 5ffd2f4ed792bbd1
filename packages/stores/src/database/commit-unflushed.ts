import { sql, type QueryExecutorProvider } from 'kysely'
import { dialectOf } from './dialect-of.js'

/**
 * For a statement whose row a later write of the same turn always follows (a new conversation,
 * then its user message): on Postgres its commit does not wait for the WAL to reach the disk
 * (`synchronous_commit` off for that transaction only, set from the statement's RETURNING, so it
 * costs no round trip). The later write's commit waits for the WAL up to its own record, which
 * holds this one's too: once the user message is stored, so is its conversation. A crash between
 * the two loses a conversation nobody was told about. One fsync less before the first token
 * (docs/performance.md). SQLite commits without a flush anyway (WAL, `synchronous = NORMAL`).
 */
export function unflushedCommit(db: QueryExecutorProvider) {
  return dialectOf(db) === 'postgres' ? [sql<string>`set_config('synchronous_commit', 'off', true)`.as('unflushed_commit')] : []
}
