import { join } from 'node:path'
import { createDemoProvider } from '@chatbot-kit/demo-provider'
import { generateAppKey } from '@chatbot-kit/kernel'
import type { AppName } from './apps.js'
import { PACKED_ADMIN_TOKEN, type PackedApp } from './checks.js'
import { startApp, type RunningApp } from './server.js'
import { mintedSession, pageSession } from './session.js'
import { childEnv } from './workspace.js'

const LISTENING = /Listening on (http:\/\/[^\s/]+)/
const SERVING = /serving (http:\/\/[^\s/]+)\/chatbot/
// Dev servers print their address first, then build: ready once the server is built.
const DEV_READY = /Local:\s+(http:\/\/[^\s/]+)[\s\S]*Nitro server built/i
const NPX = ['npx', '--no', '--'] // `--no`: a missing bin fails instead of being fetched from the registry.

interface Launch {
  app: AppName
  command: string[]
  ready: RegExp
  /** The page that renders the widget (default `web` middleware), or none (`routeMiddleware: []`, minted envelopes). */
  page?: string
  route: string
}

/** How each app is started, as its docs say. */
export const LAUNCHES = {
  // As the deployment docs say: node runs the bin (under npx, SIGTERM would not reach the server).
  serve: { app: 'serve', command: [process.execPath, '../node_modules/.bin/chatbot', 'serve', '--port', '0'], ready: SERVING, route: 'serve.page' },
  nitro: { app: 'nitro', command: [process.execPath, '.output/server/index.mjs'], ready: LISTENING, page: '/page', route: 'nitro.page' },
  nuxt: { app: 'nuxt', command: [process.execPath, '.output/server/index.mjs'], ready: LISTENING, page: '/', route: 'nuxt.home' },
  node: { app: 'node', command: [process.execPath, 'server.mjs'], ready: LISTENING, route: 'node.page' },
  'nitro-dev': { app: 'nitro', command: [...NPX, 'nitropack', 'dev', '--port', '0', '--host', '127.0.0.1'], ready: DEV_READY, page: '/page', route: 'nitro.page' },
  'nuxt-dev': { app: 'nuxt', command: [...NPX, 'nuxt', 'dev', '--port', '0', '--host', '127.0.0.1'], ready: DEV_READY, page: '/', route: 'nuxt.home' },
} satisfies Record<string, Launch>

export type Kind = keyof typeof LAUNCHES

export interface StartedApp extends PackedApp {
  running: RunningApp
  /** The file the config's `close-probe` plugin writes when the chatbot closes. */
  closeProbe: string
}

/** Starts an app (in `appsDir/kind`) with its own demo provider, app key and SQLite file. */
export async function startPackedApp(appsDir: string, kind: Kind): Promise<StartedApp> {
  const launch: Launch = LAUNCHES[kind]
  const provider = await createDemoProvider()
  const appKey = generateAppKey()
  const closeProbe = join(appsDir, `${kind}.closed`)
  const env = childEnv({
    CHATBOT_APP_KEY: appKey,
    CHATBOT_BASE_URL: provider.url,
    CHATBOT_API_KEY: 'test-key',
    // The admin console is served only with the admin API on.
    CHATBOT_ADMIN_TOKEN: PACKED_ADMIN_TOKEN,
    CLOSE_PROBE: closeProbe,
    HOST: '127.0.0.1',
    PORT: '0',
    ...(launch.page ? {} : { CHATBOT_ROUTE_MIDDLEWARE: '' }),
  })
  const [command, ...args] = launch.command
  const running = await startApp(command!, args, join(appsDir, kind), env, launch.ready).catch(async (error: unknown) => {
    await provider.close()
    throw error
  })
  const { page } = launch
  return {
    origin: running.origin,
    provider,
    route: launch.route,
    running,
    closeProbe,
    session: async () => (page ? pageSession(`${running.origin}${page}`) : mintedSession(appKey, { userId: `${kind}-user`, route: launch.route })),
  }
}
