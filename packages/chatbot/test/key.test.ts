import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { assertBuilt, cleanEnv, run, start, stop, tempProject } from './cli.js'

const KEY_LINE = /^CHATBOT_APP_KEY=(base64:[\w+/=]+)$/gm
const keysIn = (dir: string) => [...readFileSync(join(dir, '.env'), 'utf8').matchAll(KEY_LINE)].map((match) => match[1])
const USER_CONFIG = `export default { tools: { definitions: [] }, channels: { support: { greeting: 'Mine' } } }\n`

beforeAll(() => assertBuilt())

// The way out of "appKey is missing" for an app that already has its config: a key, and nothing else.
describe('chatbot key', () => {
  it('is what the missing-key message names, and afterwards the server starts with the config untouched', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), USER_CONFIG)
    writeFileSync(join(dir, '.env'), 'CHATBOT_ROUTE_MIDDLEWARE=\nCHATBOT_APP_KEY=')
    const refused = await run(['serve', '--port', '0'], dir)
    expect(refused.code).toBe(1)
    expect(refused.stdout + refused.stderr).toContain('run "npx chatbot key"')

    const added = await run(['key'], dir)
    expect(added.code, added.stdout + added.stderr).toBe(0)
    expect(added.stdout).toContain('Added a new CHATBOT_APP_KEY')
    expect(readFileSync(join(dir, 'chatbot.config.ts'), 'utf8')).toBe(USER_CONFIG)
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^CHATBOT_ROUTE_MIDDLEWARE=\nCHATBOT_APP_KEY=\nCHATBOT_APP_KEY=base64:/)
    expect(keysIn(dir)).toHaveLength(1)

    const server = await start(['serve', '--port', '0'], dir, cleanEnv(), /serving (http:\/\/[\d.]+:\d+)/)
    try {
      expect((await fetch(`${server.match[1]}/chatbot/health`)).status).toBe(200)
    } finally {
      expect(await stop(server.child)).toBe(0)
    }
  })

  it('refuses to replace a key without --force, saying what replacing does', async () => {
    const dir = tempProject()
    expect((await run(['key'], dir)).code).toBe(0)
    const [key] = keysIn(dir)
    const again = await run(['key'], dir)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already has CHATBOT_APP_KEY; kept it')
    expect(again.stderr).toContain('--force')
    expect(again.stderr).toContain('CHATBOT_APP_KEY_PREVIOUS')
    expect(keysIn(dir)).toEqual([key])
  })

  it('--force replaces it in place, keeps the other lines, and warns that what the old key signed stops verifying', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, '.env'), 'A=1\nCHATBOT_APP_KEY=base64:old\nB=2\n')
    const replaced = await run(['key', '--force'], dir)
    expect(replaced.code).toBe(0)
    expect(replaced.stderr).toMatch(/Replaced CHATBOT_APP_KEY.*stop verifying.*CHATBOT_APP_KEY_PREVIOUS/s)
    expect(readFileSync(join(dir, '.env'), 'utf8')).toMatch(/^A=1\nCHATBOT_APP_KEY=base64:[\w+/=]{44}\nB=2\n$/)
  })

  it('takes --config like every command and writes the .env of the working directory', async () => {
    const dir = tempProject()
    const result = await run(['key', '--config', 'elsewhere/chatbot.config.ts'], dir)
    expect(result.code).toBe(0)
    expect(keysIn(dir)).toHaveLength(1)
  })

  it('install, refusing over an existing config, names chatbot key', async () => {
    const dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.ts'), USER_CONFIG)
    const refused = await run(['install'], dir)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('npx chatbot key')
    expect(readFileSync(join(dir, 'chatbot.config.ts'), 'utf8')).toBe(USER_CONFIG)
  })
})
