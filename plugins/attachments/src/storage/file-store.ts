import { dirname, join, resolve } from 'node:path'
import type { Storage } from 'unstorage'
import type { ResolvedConfig } from '@chatbot-kit/kernel'

/** The file store, made on first use: an app whose channels never take files loads no driver. */
export type FileStore = (() => Promise<Storage>) & {
  /** Lets the driver go (a Redis or object-store client's connections), if it was ever opened: at `close`. */
  dispose(): Promise<void>
}

/**
 * Where files are kept: `attachments.storage` when set (any unstorage driver: S3, Azure, Redis…),
 * else the `fs` driver in `attachments/` beside the SQLite file (`.data/attachments` with Postgres).
 */
export function createFileStore(config: ResolvedConfig): FileStore {
  let store: Promise<Storage> | undefined
  return Object.assign(() => (store ??= open(config)), {
    async dispose() {
      const opened = store
      store = undefined
      if (opened) await (await opened).dispose()
    },
  })
}

async function open(config: ResolvedConfig): Promise<Storage> {
  // Imported here too: the first file, not start-up, pays for unstorage.
  const { createStorage } = await import('unstorage')
  if (config.attachments.storage) return createStorage({ driver: config.attachments.storage })
  const { default: fsDriver } = await import('unstorage/drivers/fs')
  return createStorage({ driver: fsDriver({ base: defaultFolder(config.database.url) }) })
}

function defaultFolder(url: string): string {
  const sqlite = !/^postgres(ql)?:\/\//i.test(url) && url !== ':memory:'
  return sqlite ? join(dirname(resolve(url)), 'attachments') : resolve('.data/attachments')
}
