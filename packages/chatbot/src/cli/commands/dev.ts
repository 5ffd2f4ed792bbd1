import { watch } from 'node:fs'
import { defineCommand } from 'citty'
import { consola } from '../console.js'
import { H3, serve } from 'h3'
import type { Chatbot, ChatbotConfig } from '@chatbot-kit/kernel'
import { loadChatbotConfig } from '../../config/load.js'
import { DEV_KEY_FILE, devAppKey } from '../app-key/dev-key.js'
import { createChatbot } from '../../create.js'
import { defaultDemoPage, renderDemoPage } from '../demo-page.js'
import { describeProvider, startDemoProviderIfNeeded } from '../dev-provider.js'
import { findDevPage, serveDevFile } from '../dev-files.js'
import { assertPortFree, explainListenError } from '../port-in-use.js'
import { configArg, configLocation, guard, onShutdown, parsePort } from '../shared.js'

export default defineCommand({
  meta: { name: 'dev', description: 'Dev server: a demo page at / hosting the widget, <name>.html at /<name>, public/ files; migrates; reloads on config change.' },
  args: {
    port: { type: 'string', description: 'Port to listen on', default: '3000' },
    host: { type: 'boolean', description: 'Listen on all addresses instead of 127.0.0.1', default: false },
    ...configArg,
  },
  async run({ args }) {
    const port = parsePort(args.port)
    const hostname = args.host ? '0.0.0.0' : '127.0.0.1'
    const location = configLocation(args.config)
    await guard(async () => {
      await assertPortFree(port, hostname)
      const first = await loadChatbotConfig(location)
      const overrides: ChatbotConfig = {}
      const demo = await startDemoProviderIfNeeded(first, 'human')
      if (demo) overrides.baseUrl = demo.url
      const providerNote = describeProvider(first, demo?.url)
      consola.info(providerNote)
      if (!first.appKey) {
        const { key, created } = await devAppKey(location.cwd)
        overrides.appKey = key
        consola.info(`No CHATBOT_APP_KEY: ${created ? 'made a dev key in' : 'using the dev key in'} ${DEV_KEY_FILE}, kept across restarts of chatbot dev. For chatbot serve and production, run "npx chatbot key" (it writes CHATBOT_APP_KEY to .env).`)
      }

      const build = async () => createChatbot(await loadChatbotConfig({ ...location, overrides }), { debug: true })
      let current: Chatbot = await build()
      const app = new H3()
      app.use((event) => (event.url.pathname.startsWith(current.config.base) ? current.fetch(event.req as Request) : undefined))
      app.get('/', async (event) => renderDemoPage(current, event, providerNote, await defaultDemoPage()))
      // `/<name>` renders `<name>.html` like `/`; any other path is a file of `public/` (docs/cli.md).
      app.get('/**', async (event) => {
        const page = await findDevPage(location.cwd, event.url.pathname)
        return page ? renderDemoPage(current, event, providerNote, page) : serveDevFile(event, location.cwd)
      })
      // srvx's own signal handling (on unless TEST/CI is set) would cut replies after 5 s: ours waits for them.
      const server = serve(app, { port, hostname, silent: true, gracefulShutdown: false })
      await server.ready().catch((error: unknown) => {
        throw explainListenError(error, port)
      })

      let reloading: ReturnType<typeof setTimeout> | undefined
      const watcher = watch(location.cwd, (_type, file) => {
        if (!file || !/^(chatbot\.config\.[cm]?[jt]s|\.env)$/.test(String(file))) return
        clearTimeout(reloading)
        reloading = setTimeout(() => {
          build().then(
            async (next) => {
              const previous = current
              current = next
              await previous.close()
              consola.success('Configuration reloaded.')
            },
            (error: unknown) => consola.error('Reload failed; keeping the previous configuration:', error instanceof Error ? error.message : error),
          )
        }, 100)
      })
      onShutdown(async () => {
        consola.info(`Shutting down: replies in progress get up to ${current.config.shutdownGrace} s (Ctrl-C again exits at once).`)
        watcher.close()
        clearTimeout(reloading)
        const stopped = server.close()
        await current.close()
        // The last frames of the replies go out through srvx's pipe a moment after their turns end.
        await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 200))])
        await server.close(true)
        await demo?.close()
        consola.success('Stopped.')
      })
      // Announced once a signal is handled: whoever waits for this line may stop the server at once.
      consola.success(`chatbot-kit dev server: ${server.url}`)
    })
  },
})
