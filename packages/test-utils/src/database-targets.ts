import { describe } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresSchema } from './postgres-schema.js'

/** Config `database` as an object: the URL and where our tables live. */
export interface DatabaseLayoutConfig {
  url: string
  tablePrefix?: string
  schema?: string
}

export interface CreatedDatabase {
  /** A SQLite file, or a Postgres URL bound to a new schema. */
  url: string
  /** What to pass as config `database` or to `createDatabase`: `url` with this target's table layout. */
  database: DatabaseLayoutConfig
  /** Removes the database (the file, or the schemas). */
  drop(): Promise<void>
}

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres'
  /** '' for the default layout (1.0's table names); else how this target places our tables, for test names. */
  layout: string
  /** `false`, or why the target is skipped (used as the visible test name). */
  skip: string | false
  /** A fresh, empty database. */
  create(): Promise<CreatedDatabase>
}

export interface DatabaseTargetOptions {
  /** Also the non-default table layouts: a table prefix, and on Postgres a prefix in a schema of our own. */
  layouts?: boolean
}

/** The prefix the layout targets use. */
export const TEST_TABLE_PREFIX = 'chatbot_'

/** The dialects every storage-touching suite runs on: SQLite always, Postgres when `CHATBOT_TEST_POSTGRES_URL` is set. */
export function databaseTargets(options: DatabaseTargetOptions = {}): DatabaseTarget[] {
  const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL
  const postgresSkip = postgresUrl ? false : 'skipped: CHATBOT_TEST_POSTGRES_URL not set'
  const sqlite = (tablePrefix?: string) => async (): Promise<CreatedDatabase> => {
    const folder = mkdtempSync(join(tmpdir(), 'chatbot-db-'))
    const url = join(folder, 'chatbot.sqlite')
    return { url, database: { url, ...(tablePrefix && { tablePrefix }) }, drop: async () => rmSync(folder, { recursive: true, force: true }) }
  }
  const postgres = (layout: boolean) => async (): Promise<CreatedDatabase> => {
    const { url, sibling, drop } = await createPostgresSchema(postgresUrl ?? '')
    // The layout's schema does not exist yet: migrating has to create it.
    return { url, database: layout ? { url, tablePrefix: TEST_TABLE_PREFIX, schema: sibling } : { url }, drop }
  }
  const targets: DatabaseTarget[] = [
    { name: 'sqlite', layout: '', skip: false, create: sqlite() },
    { name: 'postgres', layout: '', skip: postgresSkip, create: postgres(false) },
  ]
  if (!options.layouts) return targets
  return [
    ...targets,
    { name: 'sqlite', layout: `prefix ${TEST_TABLE_PREFIX}`, skip: false, create: sqlite(TEST_TABLE_PREFIX) },
    { name: 'postgres', layout: `prefix ${TEST_TABLE_PREFIX}, own schema`, skip: postgresSkip, create: postgres(true) },
  ]
}

/**
 * One contract suite on every database target: `describe`s "`title` on <target>" with `body`
 * inside a block named `label` (or the reason the target is skipped, when it is).
 */
export function describeEachDatabase(title: string, options: DatabaseTargetOptions & { label: string }, body: (target: DatabaseTarget) => void): void {
  const named = databaseTargets(options).map((target) => [target.layout ? `${target.name}, ${target.layout}` : target.name, target] as const)
  describe.each(named)(`${title} on %s`, (_name, target) => {
    describe.skipIf(target.skip)(target.skip || options.label, () => body(target))
  })
}
