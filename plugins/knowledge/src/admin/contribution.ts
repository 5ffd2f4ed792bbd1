import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { knowledgeRouter } from './knowledge-router.js'

/** The knowledge plugin's part of the admin API: `knowledge.sources`, `sync`, `search`, `documents`, `gaps`. */
export const knowledgeAdmin = defineAdminContribution({ routers: { knowledge: knowledgeRouter } })
