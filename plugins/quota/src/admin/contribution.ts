import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { usageRouter } from './usage-router.js'

/** The quota plugin's part of the admin API: `usage.daily`. */
export const quotaAdmin = defineAdminContribution({ routers: { usage: usageRouter } })
