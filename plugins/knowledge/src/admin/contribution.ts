import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { gapsByDay } from '../storage/gaps-by-day.js'
import { knowledgeRouter } from './knowledge-router.js'

/**
 * The knowledge plugin's part of the admin API: `knowledge.sources`, `sync`, `search`, `documents`,
 * `gaps`, and the gaps recorded per day in the overview (`stats.overview`'s `gaps`).
 */
export const knowledgeAdmin = defineAdminContribution({
  routers: { knowledge: knowledgeRouter },
  overview: { empty: { gaps: 0 }, days: gapsByDay },
})
