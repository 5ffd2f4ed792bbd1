import type { Migration } from 'kysely'
import * as createDailyStats from './2026-11-27-01-create-daily-stats.js'

/** The admin plugin's migrations, named `admin/…` as every plugin's are (they sort after the kernel's). */
export const adminMigrations: Readonly<Record<string, Migration>> = {
  'admin/2026-11-27-01-create-daily-stats': createDailyStats,
}
