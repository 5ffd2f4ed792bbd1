import type { Migration } from 'kysely'
import * as createToolInvocations from './2026-11-22-01-create-tool-invocations.js'
import * as createToolApprovals from './2026-11-24-01-create-tool-approvals.js'

/**
 * The plugin's migrations, named `tools/…` as every plugin's migrations are: they sort after the
 * kernel's (whose chat tables they reference), and the kernel knows them as a plugin's.
 */
export const toolsMigrations: Readonly<Record<string, Migration>> = {
  'tools/2026-11-22-01-create-tool-invocations': createToolInvocations,
  'tools/2026-11-24-01-create-tool-approvals': createToolApprovals,
}
