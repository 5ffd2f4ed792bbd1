import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { createPrune } from './create-prune.js'
import { retentionOptions } from './options.js'

/**
 * Provides `chatbot.prune()`: hard-deletes conversations (with their messages and tool
 * invocations) past their channel's `retentionDays`. Run by `chatbot prune` and the admin API.
 * See docs/cli.md.
 */
export function retentionPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'retention',
    options: retentionOptions,
    // `retention.prune`, loaded with the first admin request.
    admin: () => import('./admin/contribution.js').then((module) => module.retentionAdmin),
    setup(api: PluginApi) {
      api.provide('prune', createPrune(api))
    },
  })
}
