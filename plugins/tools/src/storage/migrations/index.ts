import type { Migration } from 'kysely'
import * as createToolInvocations from './2026-11-22-02-create-tool-invocations.js'

/** The plugin's migrations by name, applied with the kernel's in name order (after its chat tables, which they reference). */
export const toolsMigrations: Readonly<Record<string, Migration>> = {
  '2026-11-22-02-create-tool-invocations': createToolInvocations,
}
