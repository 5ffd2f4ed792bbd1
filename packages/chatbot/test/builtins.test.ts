import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveConfig as resolveKernelConfig } from '@chatbot-kit/kernel'
import { builtinPlugins, createChatbot, generateAppKey } from 'chatbot-kit'
import { describe, expect, it } from 'vitest'

describe('chatbot-kit', () => {
  it('runs the built-in plugins by default, so the default routeMiddleware resolves and CSRF applies', async () => {
    expect(builtinPlugins().map((plugin) => plugin.name)).toEqual(['channels', 'origin', 'throttle', 'web', 'quota', 'replies', 'tools', 'feedback', 'handoff', 'knowledge', 'attachments', 'extractors', 'retention', 'sanitizer', 'admin'])
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-web-wiring-'))
    const chatbot = await createChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite') }, { env: {}, logger: { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never })
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
      expect(() => chatbot.mintEnvelope({ userId: 'u1', route: 'home', channel: 'undeclared' })).toThrow(/undeclared/)
      expect((await chatbot.quota({ userId: 'u1' })).input).toEqual({ used: 0, limit: 200_000, remaining: 200_000 })
      expect((await chatbot.prune({ dryRun: true })).total).toEqual({ conversations: 0, messages: 0 })
      expect(chatbot.renderSnapshot('<p>x</p>', { channel: 'default' })).toBe('<p>x</p>')
      // The admin API is off until a token or an authorize callback is set.
      expect((await chatbot.fetch(new Request('http://chatbot.test/chatbot/admin/trpc/health'))).status).toBe(404)
    } finally {
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('wires in the built-ins for a config the kernel resolved alone: web middleware, their env variables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-kernel-resolved-'))
    const kernelOnly = resolveKernelConfig({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite') }, { CHATBOT_THROTTLE_PER_MINUTE: '3', CHATBOT_ORIGINS: 'https://shop.example' })
    expect(kernelOnly.routeMiddleware).toEqual([])
    const chatbot = await createChatbot(kernelOnly, { logger: { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never })
    try {
      expect(chatbot.config.routeMiddleware).toEqual(['web'])
      expect(chatbot.config.throttle.perMinute).toBe(3)
      expect(chatbot.config.origins).toEqual(['https://shop.example'])
    } finally {
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('rejects chatbot.quota() and chatbot.prune() with not_available when no plugin provides them, as 1.0 did', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chatbot-no-quota-'))
    const others = builtinPlugins().filter((plugin) => plugin.name !== 'quota' && plugin.name !== 'retention')
    const { createChatbot: createKernelChatbot } = await import('@chatbot-kit/kernel')
    const chatbot = await createKernelChatbot({ appKey: generateAppKey(), database: join(dir, 'chatbot.sqlite'), routeMiddleware: ['web'], plugins: others }, { env: {}, logger: { error() {}, warn() {}, info() {}, success() {}, log() {}, debug() {} } as never })
    try {
      const quota = chatbot.quota({ userId: 'u1' })
      expect(quota).toBeInstanceOf(Promise)
      await expect(quota).rejects.toMatchObject({ status: 501 })
      await expect(chatbot.prune()).rejects.toMatchObject({ status: 501 })
    } finally {
      await chatbot.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
