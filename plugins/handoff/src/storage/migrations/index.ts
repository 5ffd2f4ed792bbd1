import type { Migration } from 'kysely'
import * as createHandoffs from './2026-11-29-01-create-handoffs.js'

/** The plugin's migrations, named `handoff/…`: they sort after the kernel's, whose tables they reference. */
export const handoffMigrations: Readonly<Record<string, Migration>> = {
  'handoff/2026-11-29-01-create-handoffs': createHandoffs,
}
