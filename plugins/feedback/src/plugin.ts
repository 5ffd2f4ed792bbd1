import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { addFeedback } from './history/add-feedback.js'
import { feedbackRoute } from './routes/feedback-route.js'
import { FEEDBACK_TABLES } from './storage/feedback-tables.js'
import { feedbackMigrations } from './storage/migrations/index.js'

/**
 * Thumbs up or down on a reply (contract §9.4, docs/feedback.md): `POST /messages/:id/feedback`
 * stores one rating per reply in `message_feedback`, history shows it again as `feedback`, and
 * the admin API lists it (`feedback.list`, admin/contribution.ts).
 */
export function feedbackPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'feedback',
    tables: FEEDBACK_TABLES,
    migrations: feedbackMigrations,
    admin: () => import('./admin/contribution.js').then((module) => module.feedbackAdmin),
    setup(api: PluginApi) {
      api.route(feedbackRoute(api))
      // Registered once every plugin's setup ran, so it runs after their history listeners and
      // sees the elements they add (the replies plugin's reply in progress).
      api.hooks.hook('ready', () => {
        api.hooks.hook('conversation:history', addFeedback(api))
      })
    },
  })
}
