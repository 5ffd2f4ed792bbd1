import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtinPlugins, createChatbot, generateAppKey } from 'chatbot-kit'
import { describe, expect, it } from 'vitest'
import { silentLogger } from './harness.js'

describe('chatbot-kit', () => {
  it('runs the web plugin by default, so the default routeMiddleware resolves and CSRF applies', async () => {
    expect(builtinPlugins().map((plugin) => plugin.name)).toEqual(['web'])
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-web-wiring-'))
    const chatbot = await createChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite') }, { env: {}, logger: silentLogger() })
    try {
      expect(chatbot.config.routeMiddleware).toEqual(['web'])
      const signed = chatbot.mintEnvelope({ userId: 'u1', route: 'home', channel: 'default' })
      const response = await chatbot.fetch(
        new Request('http://chatbot.test/chatbot/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ signed_context: signed, message: 'hi' }),
        }),
      )
      expect(response.status).toBe(419)
    } finally {
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
