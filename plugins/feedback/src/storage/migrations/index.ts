import type { Migration } from 'kysely'
import * as createMessageFeedback from './2026-11-27-01-create-message-feedback.js'

/** The plugin's migrations, named `feedback/…`: they sort after the kernel's, whose tables they reference. */
export const feedbackMigrations: Readonly<Record<string, Migration>> = {
  'feedback/2026-11-27-01-create-message-feedback': createMessageFeedback,
}
