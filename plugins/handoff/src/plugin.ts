import { ChatbotConfigException, ChatbotException, definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { addAuthors } from './history/add-authors.js'
import { DEFAULT_WAIT_TIMEOUT, handoffOptions } from './options.js'
import { eventsRoute } from './routes/events-route.js'
import { requestRoute } from './routes/request-route.js'
import { createHandoffService } from './state/handoff-service.js'
import { HANDOFF_TABLES } from './storage/db.js'
import { markWebhookFailure } from './storage/handoffs.repository.js'
import { handoffMigrations } from './storage/migrations/index.js'
import { createSessionLog } from './stream/session-log.js'
import { createTurnHold } from './turn/hold-turn.js'
import { requestHandoffTool } from './turn/request-handoff-tool.js'
import { createWebhookSender } from './webhooks/sender.js'
import { moduleRoute } from './widget/module-route.js'
import { markHandoffWidget } from './widget/widget-flag.js'

/** The longest the wait-timeout sweep sleeps; shorter when a channel's `waitTimeout` is. */
const MAX_SWEEP_INTERVAL_MS = 5000

export interface HandoffPluginOptions {
  /** Waits before each webhook retry (tests shorten them). Default 1 s, 5 s, 30 s. */
  webhookRetryDelaysMs?: readonly number[]
}

/**
 * Human handoff (contract §11.3, docs/handoff.md): `bot → waiting → human → bot` per
 * conversation, stored with every change; while a person is asked for or holds it, user
 * messages get no model reply (`turn:prompt`); agents' messages and state changes reach every
 * open stream through the replies plugin's replay log; the admin's `handoff.*`, a helpdesk's
 * webhooks both ways, and the built-in tool `request_handoff`.
 */
export function handoffPlugin(options: HandoffPluginOptions = {}): ChatbotPlugin {
  return definePlugin({
    name: 'handoff',
    // Its `turn:prompt` runs first: a held turn is answered before the quota reserves or tools are offered.
    enforce: 'pre',
    options: handoffOptions,
    tables: HANDOFF_TABLES,
    migrations: handoffMigrations,
    admin: () => import('./admin/contribution.js').then((module) => module.handoffAdmin),
    setup(api: PluginApi) {
      const { db } = api.storage
      const webhooks = createWebhookSender({
        logger: api.logger,
        retryDelaysMs: options.webhookRetryDelaysMs,
        onOutcome: (conversationId, failedAt) => markWebhookFailure(db, conversationId, failedAt),
      })
      const publish = createSessionLog(() => api.chatbot.replyLog(), api.logger)
      const service = createHandoffService(api, publish, webhooks)
      api.provide('handoff', () => service)
      api.hooks.hook('turn:prompt', createTurnHold(api, service))
      api.hooks.hook('conversation:history', addAuthors(api))
      api.route(requestRoute(api, service))
      api.route(eventsRoute(api, service))
      api.route(moduleRoute())
      api.hooks.hook('widget:render', markHandoffWidget(api))

      const waits = Object.keys(api.config.channels).flatMap((channel) => (api.settings(channel).handoff?.enabled ? [api.settings(channel).handoff?.waitTimeout ?? DEFAULT_WAIT_TIMEOUT] : []))
      let sweeping: Promise<unknown> | undefined
      let timer: ReturnType<typeof setInterval> | undefined
      api.hooks.hook('ready', () => {
        if (typeof (api.chatbot as { replyLog?: unknown }).replyLog !== 'function') throw new ChatbotConfigException('plugins', 'the handoff plugin needs the replies plugin (its replay log carries the handoff events)')
        // Without the tools plugin the model is offered no tools: the request route still works.
        try {
          api.chatbot.registerTool(requestHandoffTool(service))
        } catch (error) {
          if (!(error instanceof ChatbotException && error.code() === 'not_available')) throw error
        }
        if (waits.length === 0) return
        // Each instance sweeps; the conditional UPDATE lets one of them expire each request.
        const every = Math.min(MAX_SWEEP_INTERVAL_MS, ...waits.map((seconds) => seconds * 1000))
        timer = setInterval(() => {
          sweeping ??= service
            .sweep()
            .catch((error: unknown) => api.logger.warn('handoff: could not expire the requests past their wait timeout.', error))
            .finally(() => (sweeping = undefined))
        }, every)
        timer.unref()
      })
      api.hooks.hook('close', async () => {
        clearInterval(timer)
        await sweeping
        await webhooks.close()
      })
    },
  })
}
