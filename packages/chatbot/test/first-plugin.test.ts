import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { readSse, silentLogger } from '@chatbot-kit/test-utils'
import { createChatbot, generateAppKey, serveChatbot, type Chatbot, type RunningServer } from 'chatbot-kit'
import { houseRulesPlugin } from '../../../docs/examples/first-plugin/house-rules.js'

// docs/plugins.md's first plugin, as the page shows it, in a chatbot over a real socket: its key
// from the config file and the environment, a channel's own value, and its one hook.

type StreamEvent = { type: string } & Record<string, unknown>

describe('the first plugin of docs/plugins.md', () => {
  let dir: string
  let provider: DemoProvider
  const running: { chatbot: Chatbot; server: RunningServer }[] = []

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chatbot-first-plugin-'))
    provider = await createDemoProvider()
  })

  afterAll(async () => {
    for (const { chatbot, server } of running) {
      await server.close()
      await chatbot.close()
    }
    await provider?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  async function start(config: Record<string, unknown>, env: Record<string, string> = {}) {
    const chatbot = await createChatbot(
      { appKey: generateAppKey(), database: join(dir, `${running.length}.sqlite`), routeMiddleware: [], baseUrl: provider.url, apiKey: 'test-key', plugins: [houseRulesPlugin()], ...config },
      { env, logger: silentLogger() },
    )
    const server = await serveChatbot(chatbot, { port: 0 })
    running.push({ chatbot, server })
    return async (channel: string) => {
      provider.script({ text: 'Bonjour !' })
      const signed_context = chatbot.mintEnvelope({ guestId: 'guest-1', route: 'home', channel })
      const response = await fetch(`${server.url}/chatbot/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context, message: 'Hello' }) })
      expect(response.status).toBe(200)
      const summary = (await readSse<StreamEvent>(response))[0]!
      return { sections: summary.sections, system: provider.requests.at(-1)!.body.messages[0]!.content as string }
    }
  }

  it('adds the rules of the config file as a section, and a channel’s own rules on that channel', async () => {
    const send = await start({ houseRules: 'Answer in French.', channels: { default: {}, support: { houseRules: 'Answer in French, and never promise a refund.' } } })
    const home = await send('default')
    expect(home.sections).toEqual([{ name: 'house-rules', source: 'server', bytes: 17, truncated: false }])
    expect(home.system).toContain('<context name="house-rules" source="server">\nAnswer in French.\n</context>')
    expect((await send('support')).system).toContain('Answer in French, and never promise a refund.')
  })

  it('reads CHATBOT_HOUSE_RULES, and adds nothing when no rules are set', async () => {
    expect((await (await start({}, { CHATBOT_HOUSE_RULES: 'Be brief.' }))('default')).system).toContain('>\nBe brief.\n<')
    const without = await (await start({}))('default')
    expect(without.sections).toEqual([])
    expect(without.system).not.toContain('house-rules')
  })

  it('refuses an empty value at start-up, naming the key', async () => {
    await expect(start({ houseRules: '' })).rejects.toThrow(/houseRules/)
  })
})
