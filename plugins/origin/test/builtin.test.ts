import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChatbotConfigException, ChatbotOriginNotAllowedException, builtinPlugins, createChatbot, generateAppKey, serveChatbot, type ChatbotConfig } from 'chatbot-kit'
import { silentLogger } from '@chatbot-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { missingConversation } from '../../throttle/test/setup.js'

const SHOP = 'https://shop.example.com'
let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const create = (config: ChatbotConfig) => {
  dir = mkdtempSync(join(tmpdir(), 'chatbot-origin-'))
  return createChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), ...config }, { env: {}, logger: silentLogger() })
}

describe('origin in chatbot-kit', () => {
  it('is built in, before the throttle: a refused foreign page spends no throttle budget', async () => {
    expect(builtinPlugins().map((plugin) => plugin.name).slice(0, 3)).toEqual(['channels', 'origin', 'throttle'])
    expect(new ChatbotOriginNotAllowedException().code()).toBe('origin_not_allowed')
    const chatbot = await create({ origins: [SHOP], throttle: { perMinute: 1 } })
    const server = await serveChatbot(chatbot, { port: 0 })
    const envelope = chatbot.mintEnvelope({ userId: 'user-1', route: 'test.page', channel: 'default' })
    /** History of an unknown conversation: 404 when let through. */
    const read = (origin: string) =>
      fetch(`${server.url}/chatbot/conversations/${missingConversation}/messages?signed_context=${encodeURIComponent(envelope)}`, { headers: { origin } })
    try {
      const foreign = [await read('https://evil.example'), await read('https://evil.example')]
      expect(foreign.map((response) => response.status)).toEqual([403, 403])
      expect((await foreign[0]!.json()).error.code).toBe('origin_not_allowed')
      expect((await read(SHOP)).status).toBe(404)
      expect((await read(SHOP)).status).toBe(429)
    } finally {
      await server.close()
      await chatbot.close()
    }
  })

  it('stops start-up naming the bad key', async () => {
    const failure: unknown = await create({ channels: { support: { origins: ['https://help.example.com/'] } } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ChatbotConfigException)
    expect(failure).toMatchObject({ key: 'channels.support.origins' })
  })
})
