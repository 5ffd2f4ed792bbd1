import { ChatbotNotFoundException, definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { adminOptions } from './options.js'

export { adminOptions }
import { adminEnabled } from './enabled.js'
import { consoleRoutes } from './console/route.js'
import { recordRefusals } from './refusals/record-refusals.js'
import { ADMIN_TABLES } from './storage/admin-tables.js'
import { adminMigrations } from './storage/migrations/index.js'
import type * as AdminHttp from './http.js'

// tRPC, the router and the plugins' admin procedures load with the first admin request: most
// servers never get one, and loading them is ~30 ms of start-up (this file is the
// `@chatbot-kit/admin/plugin` entry).
let server: Promise<typeof AdminHttp> | undefined
const loadServer = () => (server ??= import('./http.js'))

/** The tRPC endpoint under the chatbot's base. */
export const ADMIN_PATH = '/admin/trpc'

/**
 * Mounts the admin API at `<base>/admin/trpc`. It answers 404 (the contract's error body) until
 * `admin.token` (`CHATBOT_ADMIN_TOKEN`) or `chatbot.authorize(fn)` is set; see docs/admin.md.
 */
export function adminPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'admin',
    options: adminOptions,
    // The console's overview: daily activity (kept by a trigger) and refusal counts.
    tables: ADMIN_TABLES,
    migrations: adminMigrations,
    setup(api: PluginApi) {
      recordRefusals(api)
      // The admin API works on the host's facade (`createAdminCaller(chatbot)` takes it too).
      const { chatbot } = api
      const handler = async (event: Parameters<Parameters<typeof chatbot.authorize>[0]>[0]) => {
        if (!adminEnabled(chatbot)) throw new ChatbotNotFoundException('No such route.')
        const { serveAdminRequest } = await loadServer()
        return serveAdminRequest(chatbot, event, `${chatbot.config.base}${ADMIN_PATH}`)
      }
      // Queries are GETs and mutations POSTs (batched calls too); not stateful: no session or CSRF, the bearer is the credential.
      for (const method of ['GET', 'POST'] as const) api.route({ name: 'chatbot.admin', method, path: `${ADMIN_PATH}/**`, stateful: false, handler })
      // The console (`<base>/admin`): its page and assets; its data comes from the API above.
      for (const route of consoleRoutes(chatbot)) api.route(route)
    },
  })
}
