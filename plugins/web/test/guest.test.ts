import { readSse } from '@chatbot-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST_COOKIE } from '../src/index.js'
import { createWebHarness, envelopePayload, type WebHarness } from './harness.js'

describe('guest identity under the web middleware', () => {
  let h: WebHarness
  beforeAll(async () => {
    h = await createWebHarness()
  })
  afterAll(() => h.close())

  it('mints the envelope with the guest id of a new http-only cookie, then reuses it', async () => {
    const browser = h.browser()
    const first = await h.page(browser)
    const gid = envelopePayload(first.envelope).gid!
    expect(gid).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.response.headers.getSetCookie().some((line) => line.startsWith(`${GUEST_COOKIE}=`))).toBe(true)

    const second = await h.page(browser)
    expect(envelopePayload(second.envelope).gid).toBe(gid)
    expect(second.response.headers.getSetCookie().some((line) => line.startsWith(`${GUEST_COOKIE}=`))).toBe(false)
  })

  it('gives two widgets on one page the same guest, with one cookie', async () => {
    const browser = h.browser()
    const page = await h.page(browser, { widgets: '2' })
    expect(page.envelopes).toHaveLength(2)
    expect(envelopePayload(page.envelopes[1]!).gid).toBe(envelopePayload(page.envelopes[0]!).gid)
    expect(page.response.headers.getSetCookie().filter((line) => line.startsWith(`${GUEST_COOKIE}=`))).toHaveLength(1)
  })

  it('200 when the cookie matches the envelope, on messages and history', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    expect(response.status).toBe(200)
    await readSse(response)
    expect((await h.history(browser, response.headers.get('x-chatbot-conversation-id')!, page.envelope)).status).toBe(200)
  })

  it("403 when the cookie is another guest's, on messages and history", async () => {
    const victim = h.browser()
    const victimPage = await h.page(victim)
    h.provider.script({ text: 'ok' })
    const sent = await h.post(victim, { signed_context: victimPage.envelope, message: 'secret' }, victimPage.csrf)
    await readSse(sent)
    const conversationId = sent.headers.get('x-chatbot-conversation-id')!

    // The attacker holds the victim's envelope (leaked from the page) but only their own cookies.
    const attacker = h.browser()
    const attackerPage = await h.page(attacker)
    const post = await h.post(attacker, { signed_context: victimPage.envelope, message: 'hi' }, attackerPage.csrf)
    expect(post.status).toBe(403)
    expect(await post.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String) } })
    const history = await h.history(attacker, conversationId, victimPage.envelope)
    expect(history.status).toBe(403)
  })

  it('403 (fail closed) when a guest envelope comes with no guest cookie, or an unreadable one', async () => {
    const browser = h.browser()
    const page = await h.page(browser)
    const gid = envelopePayload(page.envelope).gid!
    browser.delete(GUEST_COOKIE)
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(403)
    browser.set(GUEST_COOKIE, gid)
    expect((await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)).status).toBe(403)
    expect((await h.history(browser, '00000000-0000-4000-8000-000000000000', page.envelope)).status).toBe(403)
  })

  it('a user envelope needs no guest cookie, and the page sets none', async () => {
    const browser = h.browser()
    const page = await h.page(browser, {}, { 'x-test-user': 'user-7' })
    expect(envelopePayload(page.envelope)).toMatchObject({ uid: 'user-7' })
    expect(browser.get(GUEST_COOKIE)).toBeUndefined()
    h.provider.script({ text: 'ok' })
    const response = await h.post(browser, { signed_context: page.envelope, message: 'hi' }, page.csrf)
    expect(response.status).toBe(200)
    await readSse(response)
  })

  it('identity comes from the envelope, never the session: one session, two identities', async () => {
    const browser = h.browser()
    const asUser = await h.page(browser, {}, { 'x-test-user': 'user-8' })
    const asGuest = await h.page(browser)
    expect(asGuest.csrf).toBe(asUser.csrf)
    h.provider.script({ text: 'a' }, { text: 'b' })
    const userReply = await h.post(browser, { signed_context: asUser.envelope, message: 'hi' }, asUser.csrf)
    await readSse(userReply)
    const guestReply = await h.post(browser, { signed_context: asGuest.envelope, message: 'hi' }, asGuest.csrf)
    await readSse(guestReply)
    const userConversation = userReply.headers.get('x-chatbot-conversation-id')!
    // Same session, the guest's envelope: the user's conversation is someone else's.
    expect((await h.history(browser, userConversation, asGuest.envelope)).status).toBe(403)
    expect((await h.history(browser, userConversation, asUser.envelope)).status).toBe(200)
  })
})
