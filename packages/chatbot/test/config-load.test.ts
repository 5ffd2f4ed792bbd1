import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { generateAppKey } from '@chatbot-kit/kernel'
import { loadChatbotConfig } from '../src/config/load.js'

const appKey = generateAppKey()
const folders: string[] = []
const touched = new Set<string>()
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  for (const name of touched) delete process.env[name]
  touched.clear()
})

function project(files: Record<string, string>): string {
  const cwd = mkdtempSync(join(tmpdir(), 'chatbot-config-'))
  folders.push(cwd)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text)
  return cwd
}

const env = (name: string, value?: string) => {
  touched.add(name)
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}

describe('loadChatbotConfig', () => {
  it('imports a .mjs config natively, default export or a function returning the config', async () => {
    const plain = project({ 'chatbot.config.mjs': `export default { appKey: '${appKey}', model: 'from-mjs' }` })
    expect((await loadChatbotConfig({ cwd: plain })).model).toBe('from-mjs')
    const factory = project({ 'settings.mjs': `export default async () => ({ appKey: '${appKey}', tokenCap: 1234 })` })
    expect((await loadChatbotConfig({ cwd: factory, configFile: 'settings.mjs' })).tokenCap).toBe(1234)
  })

  it('loads a TypeScript config (through c12) with its types stripped', async () => {
    const cwd = project({ 'chatbot.config.ts': `const model: string = 'from-ts'\nexport default { appKey: '${appKey}', model }` })
    expect((await loadChatbotConfig({ cwd })).model).toBe('from-ts')
  })

  it('reads .env, lets the real environment win, and picks up .env and file edits on reload', async () => {
    env('CHATBOT_MODEL')
    env('CHATBOT_TOKEN_CAP', '777')
    env('CHATBOT_APP_KEY')
    const cwd = project({
      '.env': `CHATBOT_APP_KEY=${appKey}\nCHATBOT_MODEL=from-dotenv\nCHATBOT_TOKEN_CAP=999\n`,
      'chatbot.config.mjs': `export default { conversationTtl: 60 }`,
    })
    touched.add('CHATBOT_APP_KEY')
    const first = await loadChatbotConfig({ cwd })
    expect(first.model).toBe('from-dotenv')
    expect(first.tokenCap).toBe(777)
    expect(first.conversationTtl).toBe(60)

    writeFileSync(join(cwd, '.env'), `CHATBOT_APP_KEY=${appKey}\nCHATBOT_MODEL=edited\n`)
    writeFileSync(join(cwd, 'chatbot.config.mjs'), `export default { conversationTtl: 120 }`)
    // A later modification time than the first write, whatever the file system's resolution.
    utimesSync(join(cwd, 'chatbot.config.mjs'), new Date(), new Date(Date.now() + 5000))
    const second = await loadChatbotConfig({ cwd })
    expect(second.model).toBe('edited')
    expect(second.conversationTtl).toBe(120)
  })

  it('names a --config file that does not exist', async () => {
    const cwd = project({})
    await expect(loadChatbotConfig({ cwd, configFile: 'missing.config.ts' })).rejects.toThrow(/"config".*missing\.config\.ts does not exist/)
  })
})
