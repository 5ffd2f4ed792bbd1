import { ChatbotNotFoundException, type Chatbot, type ChatbotRoute } from '@chatbot-kit/kernel'
import { adminEnabled } from '../enabled.js'
import { CONSOLE_HEADERS } from './csp.js'
import { loadConsoleFiles, type ConsoleFiles } from './files.js'

/** The console's path under the base; its API is `/trpc` below it. */
export const CONSOLE_PATH = '/admin'

/**
 * `./assets/…` in the page, made relative to the path it is served at (`/chatbot/admin`,
 * `/chatbot/admin/`, `/chatbot/admin/conversations/<id>`…), so the console works under any base
 * or proxy prefix without knowing it. `rest` is the path after the console's own.
 */
export function assetPrefix(rest: string): string {
  if (rest === '') return 'admin/'
  const depth = rest.split('/').length - 2
  return depth <= 0 ? './' : '../'.repeat(depth)
}

async function readBuild(chatbot: Chatbot): Promise<ConsoleFiles> {
  try {
    return await loadConsoleFiles()
  } catch (error) {
    chatbot.logger.warn('The admin console is not installed or not built (`npm run build -w @chatbot-kit/console` in the repository).', error)
    throw new ChatbotNotFoundException('The admin console is not built.')
  }
}

/**
 * `GET <base>/admin` and everything under it but the API (`/trpc/**`, a more specific route):
 * the console's page at any path (the client routes its views) and its assets. 404 while the
 * admin API is off. The page needs no credential; its data calls do.
 */
export function consoleRoutes(chatbot: Chatbot): ChatbotRoute[] {
  let files: Promise<ConsoleFiles> | undefined
  // Read once; a failure is tried again on the next request, so a build that lands later is picked up.
  const load = () =>
    (files ??= readBuild(chatbot).catch((error: unknown) => {
      files = undefined
      throw error
    }))

  const root = `${chatbot.config.base}${CONSOLE_PATH}`
  const handler = async (event: Parameters<ChatbotRoute['handler']>[0]) => {
    if (!adminEnabled(chatbot)) throw new ChatbotNotFoundException('No such route.')
    const rest = event.url.pathname.slice(root.length)
    const { html, assets } = await load()
    if (rest.startsWith('/assets/')) {
      const asset = assets.get(rest.slice('/assets/'.length))
      if (!asset) throw new ChatbotNotFoundException('No such console file.')
      return asset.respond(event.req)
    }
    const page = html.replaceAll('"./assets/', `"${assetPrefix(rest)}assets/`)
    return new Response(page, { headers: { ...CONSOLE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } })
  }
  return [
    { name: 'chatbot.admin.console', method: 'GET', path: CONSOLE_PATH, stateful: false, handler },
    { name: 'chatbot.admin.console', method: 'GET', path: `${CONSOLE_PATH}/**`, stateful: false, handler },
  ]
}
