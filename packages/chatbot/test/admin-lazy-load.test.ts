import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateAppKey } from 'chatbot-kit'
import { assertBuilt, cleanEnv, moduleLogger, SERVE_URL_LINE, start, stop, tempProject } from './cli.js'

// The admin API costs a server that never serves an admin request nothing: tRPC, the router and
// every plugin's admin procedures (the `admin` field's module) load with the first admin request.
// Checked on `chatbot serve` from the build, with a module hook that logs each file Node loads.

const TOKEN = 'lazy-admin-token-0123456789'
const BUILT_IN_CONTRIBUTORS = ['feedback', 'knowledge', 'quota', 'retention', 'tools']

describe('the admin API on chatbot serve', () => {
  it('loads tRPC and the plugins’ admin modules with the first admin request, not at start-up', { timeout: 120_000 }, async () => {
    assertBuilt()
    const dir = tempProject()
    const log = join(dir, 'modules.log')
    const env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_ADMIN_TOKEN: TOKEN, CHATBOT_DATABASE_URL: join(dir, 'chatbot.sqlite'), NODE_OPTIONS: `--import ${moduleLogger(dir, log)}` })
    const server = await start(['serve', '--port', '0'], dir, env, SERVE_URL_LINE)
    const loaded = () => readFileSync(log, 'utf8').split('\n').filter(Boolean)
    const pluginFiles = (files: string[], plugin: string) => files.filter((file) => file.includes(`/plugins/${plugin}/dist/`))
    // tRPC's server is inlined into the admin package's build: the files of it that define initTRPC.
    const trpcFiles = (files: string[]) =>
      files.filter((file) => file.startsWith('file:') && file.includes('/admin/dist/') && readFileSync(fileURLToPath(file), 'utf8').includes('initTRPC'))
    try {
      expect((await fetch(`${server.match[1]}/chatbot/health`)).status).toBe(200)
      const before = loaded()
      expect(before.filter((file) => file.includes('/@trpc/'))).toEqual([])
      expect(trpcFiles(before)).toEqual([])

      const answer = await fetch(`${server.match[1]}/chatbot/admin/trpc/capabilities`, { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(answer.status).toBe(200)
      const { procedures } = ((await answer.json()) as { result: { data: { procedures: string[] } } }).result.data
      expect(procedures).toEqual(expect.arrayContaining(['approvals.list', 'feedback.list', 'knowledge.gaps', 'retention.prune', 'usage.daily']))
      const after = loaded()
      expect(trpcFiles(after)).not.toEqual([])
      // Each contributing plugin's admin module is a file of its own, loaded only now.
      for (const plugin of BUILT_IN_CONTRIBUTORS) {
        const added = pluginFiles(after, plugin).filter((file) => !before.includes(file))
        expect(added, plugin).not.toEqual([])
      }
    } finally {
      await stop(server.child)
    }
  })
})
