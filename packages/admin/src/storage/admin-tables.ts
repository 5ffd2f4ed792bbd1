import type { Kysely } from 'kysely'
import type { Schema } from '@chatbot-kit/kernel'
import type { DailyActivityTable } from './daily-activity.table.js'
import type { RefusalsTable } from './refusals.table.js'

/** The admin plugin's tables, which `database.tablePrefix` and `database.schema` apply to. */
export const ADMIN_TABLES = ['admin_daily_activity', 'admin_refusals']

export type AdminSchema = Schema & { admin_daily_activity: DailyActivityTable; admin_refusals: RefusalsTable }

/** `db` typed with the admin plugin's tables too. */
export const withAdminTables = (db: Kysely<Schema>): Kysely<AdminSchema> => db.withTables<{ admin_daily_activity: DailyActivityTable; admin_refusals: RefusalsTable }>()
