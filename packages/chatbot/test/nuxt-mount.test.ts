import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, loadNuxt } from 'nuxt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanEnv, stop } from './cli.js'
import { assertChatbotBuilt, itServesTheMountedChatbot, startMountedChatbot, type MountedChatbot } from './mount-helpers.js'

// A real Nuxt 4 app (test/fixtures/nuxt-app: app.vue and the catch-all route docs/deployment.md shows),
// copied to a temp folder (its node_modules links to the repo's packages), built for production with Nuxt's own
// `build`, and started as `node .output/server/index.mjs`, the way a Nuxt app is deployed. It imports
// the built `chatbot-kit` (run `npx tsc -b tsconfig.build.json` first).

const fixture = fileURLToPath(new URL('./fixtures/nuxt-app/', import.meta.url))
const repoModules = fileURLToPath(new URL('../../../node_modules/', import.meta.url))

describe('chatbot-kit mounted in a Nuxt 4 app', () => {
  let server: ChildProcess | undefined
  let origin: string
  let chatbot: MountedChatbot
  let work: string

  beforeAll(async () => {
    assertChatbotBuilt()
    work = mkdtempSync(join(tmpdir(), 'chatbot-nuxt-'))
    const app = join(work, 'app')
    cpSync(fixture, app, { recursive: true })
    // The repo's packages, one link each, so that caches (jiti, vite, nuxt) land in the temp node_modules.
    mkdirSync(join(app, 'node_modules'))
    for (const name of readdirSync(repoModules)) if (name !== '.cache') symlinkSync(join(repoModules, name), join(app, 'node_modules', name))
    const output = join(work, '.output')
    // Nuxt's build may set these in this process; the worker gets them back afterwards.
    const saved = { NODE_ENV: process.env.NODE_ENV, NUXT_TELEMETRY_DISABLED: process.env.NUXT_TELEMETRY_DISABLED }
    process.env.NUXT_TELEMETRY_DISABLED = '1'
    const nuxt = await loadNuxt({
      cwd: app,
      dev: false,
      overrides: { buildDir: join(work, '.nuxt'), logLevel: 'silent', vite: { cacheDir: join(work, '.vite') }, nitro: { output: { dir: output } } },
    })
    try {
      await build(nuxt)
    } finally {
      await nuxt.close()
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }

    chatbot = await startMountedChatbot(work)
    const child = spawn(process.execPath, [join(output, 'server/index.mjs')], { cwd: work, env: cleanEnv({ ...chatbot.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'production' }) })
    server = child
    process.once('exit', () => child.kill('SIGKILL')) // a timed-out run never reaches afterAll
    origin = await new Promise<string>((resolve, reject) => {
      let log = ''
      const onData = (chunk: Buffer) => {
        log += chunk
        const match = log.match(/Listening on (http:\/\/\S+?)\/?\s/)
        if (match?.[1]) resolve(match[1])
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.on('close', (code) => reject(new Error(`the Nuxt server exited with ${code}:\n${log}`)))
    })
  }, 180_000)

  afterAll(async () => {
    if (server) await stop(server)
    await chatbot?.provider.close()
    rmSync(work, { recursive: true, force: true })
  })

  itServesTheMountedChatbot('nuxt', () => ({ origin, chatbot }))

  it('leaves the rest of the host app to Nuxt', async () => {
    const page = await fetch(`${origin}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Nuxt host page')
  })
})
