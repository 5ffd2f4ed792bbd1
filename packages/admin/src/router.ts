import type { Chatbot } from '@chatbot-kit/kernel'
import type { AdminProcedures } from './contributions/contribution.js'
import { loadContributions } from './contributions/load.js'
import { mergeContributions, type CoreNames, type MergedContributions } from './contributions/merge.js'
import { EMPTY_DAY } from './queries/overview.js'
import { capabilitiesProcedure, type AdminCapabilities } from './routers/capabilities.js'
import { channelsRouter } from './routers/channels.js'
import { CONVERSATION_FILTERS, createConversationsRouter } from './routers/conversations.js'
import { healthProcedure } from './routers/health.js'
import { sessionProcedure } from './routers/session.js'
import { createStatsRouter } from './routers/stats.js'
import { router } from './trpc.js'
import { LIST_FIELDS } from './validate.js'

/** The admin package's own namespaces, with what the plugins add to them (filters, transcript, overview). */
function coreRouters(merged: MergedContributions, capabilities: () => AdminCapabilities) {
  return {
    conversations: createConversationsRouter(merged),
    channels: channelsRouter,
    stats: createStatsRouter(merged.series),
    health: healthProcedure,
    session: sessionProcedure,
    capabilities: capabilitiesProcedure(capabilities),
  }
}

/** Every namespace plugins declare (`AdminProcedures`), as `router()` takes them. */
type PluginRouters = { [N in keyof AdminProcedures]: AdminProcedures[N] }

/**
 * For `createTRPCClient<AdminRouter>`: the core's procedures and those of every plugin whose types
 * the program holds (`chatbot-kit` brings the built-in plugins': `feedback.*`, `approvals.*`,
 * `usage.*`, `retention.*`).
 */
export type AdminRouter = ReturnType<typeof router<ReturnType<typeof coreRouters> & PluginRouters>>

/** The admin API of `plugins`' contributions: the core's namespaces, then theirs. */
export function composeAdminRouter(merged: MergedContributions): AdminRouter {
  // What `capabilities` answers is read off the router it is part of, once composed.
  const read: { capabilities?: AdminCapabilities } = {}
  const composed = router({ ...coreRouters(merged, () => read.capabilities!), ...merged.routers })
  read.capabilities = { procedures: Object.keys(composed._def.procedures).sort(), conversationFilters: [...merged.filters.keys()] }
  return composed as unknown as AdminRouter
}

/** The core procedures alone, without any plugin's. A chatbot's whole API is `adminRouterOf(chatbot)`. */
export const adminRouter = composeAdminRouter(mergeContributions([]))

/** What a plugin may not claim: the core's namespaces, list fields and overview fields. */
const CORE_NAMES: CoreNames = {
  namespaces: Object.keys(adminRouter._def.record),
  conversationFilters: [...CONVERSATION_FILTERS, ...LIST_FIELDS],
  overviewFields: ['day', ...Object.keys(EMPTY_DAY)],
}

const routers = new WeakMap<Chatbot, Promise<AdminRouter>>()

/**
 * The chatbot's admin API: the core's procedures with every plugin's contribution, loaded and
 * composed on first use, once per chatbot (again after a failure, such as two plugins claiming
 * one namespace: a `TypeError` naming both).
 */
export function adminRouterOf(chatbot: Chatbot): Promise<AdminRouter> {
  let composed = routers.get(chatbot)
  if (!composed) {
    composed = loadContributions(chatbot).then((contributions) => composeAdminRouter(mergeContributions(contributions, CORE_NAMES)))
    composed.catch(() => routers.delete(chatbot))
    routers.set(chatbot, composed)
  }
  return composed
}
