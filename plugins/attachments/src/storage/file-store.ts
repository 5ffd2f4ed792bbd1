import { dirname, join, resolve } from 'node:path'
import { createStorage, type Driver, type Storage } from 'unstorage'
import fsDriver from 'unstorage/drivers/fs'
import type { ResolvedConfig } from '@chatbot-kit/kernel'

/**
 * Where files are kept: `attachments.storage` when set (any unstorage driver: S3, Azure, Redis…),
 * else the `fs` driver in `attachments/` beside the SQLite file (`.data/attachments` with Postgres).
 */
export function createFileStore(config: ResolvedConfig): Storage {
  return createStorage({ driver: config.attachments.storage ?? fsDriver({ base: defaultFolder(config.database.url) }) })
}

function defaultFolder(url: string): string {
  const sqlite = !/^postgres(ql)?:\/\//i.test(url) && url !== ':memory:'
  return sqlite ? join(dirname(resolve(url)), 'attachments') : resolve('.data/attachments')
}

export type { Driver }
