import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { definePlugin, summaryLine } from 'chatbot-kit'
import { renderHelpPage } from './help-page.js'

/** A page name: one plain segment, so no request reaches outside the help folder. */
const PAGE_NAME = /^[a-z0-9][a-z0-9-]*$/

/**
 * The shop's help centre (`playground/help/`, the `help` knowledge source): its pages rendered at
 * `<base>/help` and `<base>/help/<page>`, the URLs the source's `baseUrl` gives its documents, so
 * a reply's source link opens a real page. It syncs the source as the chatbot starts (a few small
 * files, unchanged ones skipped), so the first question is answered from them.
 */
export function helpCentrePlugin(folder: string) {
  return definePlugin({
    name: 'playground-help-centre',
    setup(api) {
      const root = `${api.config.base}/help`
      const page = async (name: string) => {
        if (!PAGE_NAME.test(name)) return undefined
        const source = await readFile(join(folder, `${name}.md`), 'utf8').catch(() => undefined)
        return source === undefined ? undefined : new Response(renderHelpPage(source, root), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } })
      }
      const notFound = () => new Response('No such help page.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
      api.route({ name: 'playground.help', method: 'GET', path: '/help', stateful: false, handler: async () => (await page('index')) ?? notFound() })
      api.route({ name: 'playground.help-page', method: 'GET', path: '/help/:page', stateful: false, handler: async (event) => (await page(event.context.params?.page ?? '')) ?? notFound() })
      api.hooks.hook('ready', async () => {
        try {
          for (const report of await api.chatbot.syncKnowledge({ source: 'help' })) api.logger.info(`Help centre: ${summaryLine(report)}`)
        } catch (error) {
          api.logger.warn('Help centre: the knowledge sync failed, replies go on without sources:', error)
        }
      })
    },
  })
}
