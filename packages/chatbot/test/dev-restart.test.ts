import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieJar, listenNode, readSse } from '@chatbot-kit/test-utils'
import { assertBuilt, cleanEnv, start, stop } from './cli.js'

// `npm run dev`, stopped and started again while a tab stays open: the tab's envelope, session
// cookie and CSRF token, and the console's admin token, must still work. The playground's config
// runs from a temporary working directory, where its `.data/` (database, dev key, token) goes.
const CONFIG = fileURLToPath(new URL('../../../playground/chatbot.config.ts', import.meta.url))
const READY = /dev server: (http:\/\/[\d.]+:\d+)/

describe('chatbot dev with the playground, restarted', () => {
  let cwd: string
  let env: Record<string, string>
  beforeAll(async () => {
    assertBuilt()
    cwd = mkdtempSync(join(tmpdir(), 'chatbot-dev-restart-'))
    const probe = await listenNode(() => {})
    await probe.close()
    // No CHATBOT_APP_KEY and no CHATBOT_ADMIN_TOKEN: what a developer's first `npm run dev` has.
    env = cleanEnv({ CHATBOT_API_KEY: '', PLAYGROUND_MCP_PORT: new URL(probe.url).port })
  })
  const devServer = () => start(['dev', '--port', '0', '--config', CONFIG], cwd, env, READY)
  const adminToken = (output: string) => output.match(/export CHATBOT_ADMIN_TOKEN=([\w-]+)/)![1]!

  let first: Awaited<ReturnType<typeof devServer>> | undefined
  let second: Awaited<ReturnType<typeof devServer>> | undefined
  afterAll(async () => {
    for (const server of [first, second]) if (server) await stop(server.child)
  })

  it("keeps the open tab's envelope and session, and the admin token", async () => {
    first = await devServer()
    const tab = createCookieJar()
    const html = await (await tab.fetch(`${first.match[1]}/`)).text()
    const envelope = html.match(/signed-context="([^"]+)"/)![1]!
    const csrf = html.match(/<meta name="csrf-token" content="([^"]+)"/)![1]!
    const token = adminToken(first.output())
    expect(readFileSync(join(cwd, '.data', 'admin-token'), 'utf8').trim()).toBe(token)
    expect(await stop(first.child)).toBe(0)

    second = await devServer()
    const origin = second.match[1]!
    const reply = await tab.fetch(`${origin}/chatbot/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify({ signed_context: envelope, message: 'Hello again' }),
    })
    expect(reply.status, await reply.clone().text()).toBe(200)
    expect((await readSse<{ type: string }>(reply)).at(-1)).toMatchObject({ type: 'done' })
    const admin = await fetch(`${origin}/chatbot/admin/trpc/health`, { headers: { authorization: `Bearer ${token}` } })
    expect(admin.status).toBe(200)
    expect(adminToken(second.output())).toBe(token)
    expect(second.output()).toContain('using the dev key in .data/dev-app-key')
  })
})
