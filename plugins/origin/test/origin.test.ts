import { listConversations } from '@chatbot-kit/admin'
import type { ChatbotConfig, CreateChatbotOptions } from '@chatbot-kit/kernel'
import { afterEach, describe, expect, it } from 'vitest'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { history } from '../../throttle/test/setup.js'
import { originPlugin } from '../src/index.js'

const SHOP = 'https://shop.example.com'
const FOREIGN = 'https://evil.example'
const REFUSED = { error: { code: 'origin_not_allowed', message: 'This page is not allowed to use the chatbot on this channel.' } }

let h: Harness
afterEach(async () => {
  await h.close()
})

const start = async (config: ChatbotConfig = {}, options: CreateChatbotOptions = {}) => (h = await createHarness('socket', { plugins: [originPlugin()], ...config }, options))
/** History of an unknown conversation from a page at `origin`: 404 when let through. */
const historyFrom = (origin: string | undefined, channel = 'default') => history(h, origin === undefined ? {} : { origin }, channel)
const postFrom = (origin: string) =>
  h.post({ signed_context: h.envelope(), message: 'hello' }, { headers: { 'content-type': 'application/json', origin } })

describe('origin plugin', () => {
  it('lets any origin through when no list is set', async () => {
    await start()
    expect((await historyFrom(FOREIGN)).status).toBe(404)
    h.provider.script({ text: 'hi' })
    expect((await events(await postFrom(FOREIGN))).at(-1)).toMatchObject({ type: 'done' })
  })

  it('answers a listed origin', async () => {
    await start({ origins: [SHOP] })
    h.provider.script({ text: 'hi' })
    expect((await events(await postFrom(SHOP))).at(-1)).toMatchObject({ type: 'done' })
    expect((await historyFrom(SHOP)).status).toBe(404)
  })

  it('refuses a foreign origin with 403 origin_not_allowed before anything is stored or sent', async () => {
    await start({ origins: [SHOP] })
    const refused = await postFrom(FOREIGN)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual(REFUSED)
    expect(h.provider.requests).toHaveLength(0)
    expect((await listConversations(h.chatbot.db)).items).toEqual([])
    const read = await historyFrom(FOREIGN)
    expect(read.status).toBe(403)
    expect(await read.json()).toEqual(REFUSED)
    // A sandboxed frame or a file sends `Origin: null`: it is on no list.
    expect((await historyFrom('null')).status).toBe(403)
  })

  it('lets a request without an Origin header through (a server, a same-origin GET)', async () => {
    await start({ origins: [SHOP] })
    expect((await historyFrom(undefined)).status).toBe(404)
  })

  it('leaves routes without a channel alone: health and widget.js', async () => {
    await start({ origins: [SHOP] })
    expect((await h.request('/chatbot/health', { headers: { origin: FOREIGN } })).status).toBe(200)
    const widget = await h.request('/chatbot/widget.js', { headers: { origin: FOREIGN } })
    expect(widget.status).not.toBe(403)
  })

  it("checks a channel's own list, which beats the top-level one", async () => {
    const help = 'https://help.example.com'
    await start({ origins: [SHOP], channels: { support: { origins: [help] }, open: { origins: [] } } })
    expect((await historyFrom(help, 'support')).status).toBe(404)
    expect((await historyFrom(SHOP, 'support')).status).toBe(403)
    expect((await historyFrom(SHOP)).status).toBe(404)
    expect((await historyFrom(help)).status).toBe(403)
    expect((await historyFrom(FOREIGN, 'open')).status).toBe(404)
  })

  it('reads the list from CHATBOT_ORIGINS', async () => {
    await start({}, { env: { CHATBOT_ORIGINS: `${SHOP}, https://*.partner.example` } })
    expect(h.chatbot.config.origins).toEqual([SHOP, 'https://*.partner.example'])
    expect((await historyFrom(SHOP)).status).toBe(404)
    expect((await historyFrom('https://eu.partner.example')).status).toBe(404)
    expect((await historyFrom('https://partner.example')).status).toBe(403)
  })
})
