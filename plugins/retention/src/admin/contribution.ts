import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { retentionRouter } from './retention-router.js'

/** The retention plugin's part of the admin API: `retention.prune`. */
export const retentionAdmin = defineAdminContribution({ routers: { retention: retentionRouter } })
