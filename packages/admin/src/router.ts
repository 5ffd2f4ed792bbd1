import type { Chatbot } from '@chatbot-kit/kernel'
import { approvalsRouter } from './routers/approvals.js'
import { channelsRouter } from './routers/channels.js'
import { conversationsRouter } from './routers/conversations.js'
import { feedbackRouter } from './routers/feedback.js'
import { healthProcedure } from './routers/health.js'
import { retentionRouter } from './routers/retention.js'
import { sessionProcedure } from './routers/session.js'
import { statsRouter } from './routers/stats.js'
import { usageRouter } from './routers/usage.js'
import { createCallerFactory, router } from './trpc.js'

export const adminRouter = router({
  conversations: conversationsRouter,
  approvals: approvalsRouter,
  feedback: feedbackRouter,
  usage: usageRouter,
  channels: channelsRouter,
  retention: retentionRouter,
  stats: statsRouter,
  health: healthProcedure,
  session: sessionProcedure,
})

/** For `createTRPCClient<AdminRouter>` in a host's scripts. */
export type AdminRouter = typeof adminRouter

const createCaller = createCallerFactory(adminRouter)

/** The admin API in-process, without the access check (the CLI, the host's own server code). */
export const createAdminCaller = (chatbot: Chatbot) => createCaller({ chatbot, trusted: true })
