import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createEnvelopeSigner, generateAppKey } from '@chatbot-kit/kernel'
import { assertBuilt, cleanEnv, run, tempProject } from './cli.js'

beforeAll(() => assertBuilt())

// A host plugin that logs in setup, as docs/plugins.md's example does: its lines must not end up
// in what a script captures from a data command.
const CHATTY_CONFIG = `export default {
  plugins: [{ name: 'chatty', setup(chatbot) { chatbot.logger.info('chatty plugin ready'); chatbot.logger.warn('chatty warning') } }],
}
`

describe('data commands print only their data on stdout', () => {
  let dir: string
  let env: Record<string, string>
  beforeAll(() => {
    dir = tempProject()
    writeFileSync(join(dir, 'chatbot.config.mjs'), CHATTY_CONFIG)
    env = cleanEnv({ CHATBOT_APP_KEY: generateAppKey(), CHATBOT_DATABASE_URL: join(dir, 'chatbot.sqlite') })
  })

  it('envelope: the token alone on stdout, the plugin logs on stderr', async () => {
    const result = await run(['envelope', '--route', 'docs.page', '--guest', 'g-1'], dir, env)
    expect(result.code).toBe(0)
    expect(result.stdout.split('\n')).toHaveLength(2) // the token and the final newline
    expect(createEnvelopeSigner({ appKey: env.CHATBOT_APP_KEY! }).verify(result.stdout.trim())).toMatchObject({ gid: 'g-1', route: 'docs.page' })
    expect(result.stderr).toContain('chatty plugin ready')
    expect(result.stderr).toContain('chatty warning')
  })

  it('conversations list --json: stdout parses as JSON, the logs go to stderr', async () => {
    expect((await run(['migrate'], dir, env)).code).toBe(0)
    const result = await run(['conversations', 'list', '--json'], dir, env)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toEqual({ items: [], nextCursor: null })
    expect(result.stderr).toContain('chatty plugin ready')
  })
})
