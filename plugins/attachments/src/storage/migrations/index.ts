import type { Migration } from 'kysely'
import * as createAttachments from './2026-11-29-01-create-attachments.js'

/** The plugin's migrations, named `attachments/…`: they sort after the kernel's, whose tables they reference. */
export const attachmentMigrations: Readonly<Record<string, Migration>> = {
  'attachments/2026-11-29-01-create-attachments': createAttachments,
}
