import type { Migration } from 'kysely'
import * as createRepliesInProgress from './2026-11-24-01-create-replies-in-progress.js'

/** The plugin's migrations, named `replies/…`: they sort after the kernel's, whose tables they reference. */
export const repliesMigrations: Readonly<Record<string, Migration>> = {
  'replies/2026-11-24-01-create-replies-in-progress': createRepliesInProgress,
}
