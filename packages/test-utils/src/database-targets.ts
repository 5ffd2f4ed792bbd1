import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresSchema } from './postgres-schema.js'

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres'
  /** `false`, or why the target is skipped (used as the visible test name). */
  skip: string | false
  /** A fresh, empty database: its URL (a SQLite file, or a Postgres URL bound to a new schema) and how to remove it. */
  create(): Promise<{ url: string; drop(): Promise<void> }>
}

/** The dialects every storage-touching suite runs on: SQLite always, Postgres when `CHATBOT_TEST_POSTGRES_URL` is set. */
export function databaseTargets(): DatabaseTarget[] {
  const postgresUrl = process.env.CHATBOT_TEST_POSTGRES_URL
  return [
    {
      name: 'sqlite',
      skip: false,
      async create() {
        const folder = mkdtempSync(join(tmpdir(), 'chatbot-db-'))
        return { url: join(folder, 'chatbot.sqlite'), drop: async () => rmSync(folder, { recursive: true, force: true }) }
      },
    },
    {
      name: 'postgres',
      skip: postgresUrl ? false : 'skipped: CHATBOT_TEST_POSTGRES_URL not set',
      create: () => createPostgresSchema(postgresUrl ?? ''),
    },
  ]
}
