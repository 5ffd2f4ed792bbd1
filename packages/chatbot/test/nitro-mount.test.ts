import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, createDevServer, createNitro, prepare, type Nitro } from 'nitropack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyChatbotEnv, assertChatbotBuilt, itServesTheMountedChatbot, startMountedChatbot, type MountedChatbot } from './mount-helpers.js'

// A real Nitro 2 app (test/fixtures/nitro-app, the files docs/deployment.md shows) built in dev mode
// and served on a socket; it imports the built `chatbot-kit` (run `npx tsc -b tsconfig.build.json` first).

const rootDir = fileURLToPath(new URL('./fixtures/nitro-app/', import.meta.url))

describe('chatbot-kit mounted in a Nitro 2 app', () => {
  let nitro: Nitro
  let close: () => Promise<void>
  let origin: string
  let chatbot: MountedChatbot
  let restoreEnv: (() => void) | undefined
  let work: string

  beforeAll(async () => {
    assertChatbotBuilt()
    work = mkdtempSync(join(tmpdir(), 'chatbot-nitro-'))
    chatbot = await startMountedChatbot(work)
    // The dev worker reads the chatbot's config from the environment it inherits.
    restoreEnv = applyChatbotEnv(chatbot.env)
    nitro = await createNitro({ rootDir, dev: true, preset: 'nitro-dev', buildDir: join(work, '.nitro'), output: { dir: join(work, '.output') }, logLevel: 1 })
    const server = createDevServer(nitro)
    const listener = await server.listen(0, { hostname: '127.0.0.1', showURL: false })
    origin = listener.url.replace(/\/$/, '')
    await prepare(nitro)
    const ready = new Promise<void>((resolve) => nitro.hooks.hook('dev:reload', () => resolve()))
    await build(nitro)
    await ready
    close = async () => {
      await listener.close()
      await nitro.close()
    }
  }, 120_000)

  afterAll(async () => {
    await close?.()
    await chatbot?.provider.close()
    restoreEnv?.()
    rmSync(work, { recursive: true, force: true })
  })

  itServesTheMountedChatbot('nitro', () => ({ origin, chatbot }))

  it('leaves the rest of the host app to Nitro', async () => {
    const outside = await fetch(`${origin}/not-chatbot`)
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('not_found"')
  })
})
