import { createHmac } from 'node:crypto'
import { generateAppKey, parseAppKey } from '@chatbot-kit/kernel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, events, TRANSPORTS, type Harness } from './harness.js'

const OLD_KEY = generateAppKey()
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** A token built by hand from the documented format: `base64url(JSON).base64url(HMAC-SHA256)`. */
function signRaw(payload: Record<string, unknown>, appKey: string): string {
  const part = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${part}.${createHmac('sha256', parseAppKey(appKey)).update(part).digest('base64url')}`
}

const nowSeconds = () => Math.floor(Date.now() / 1000)
const payload = (lifetime: number, channel = 'default') => ({ v: 1, uid: 'u-1', route: 'test.page', channel, iat: nowSeconds(), exp: nowSeconds() + lifetime })
const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code

describe.each(TRANSPORTS)('the messages and history routes check what a valid signature cannot (%s)', (transport) => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness(transport, { appKeyPrevious: [OLD_KEY], channels: { default: {}, support: {} } })
  })
  afterAll(() => h.close())

  const conversations = async () => Number((await h.chatbot.db.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)

  it('403 invalid_envelope for a signed envelope whose channel is not declared, nothing stored', async () => {
    // Without the channels plugin `mintEnvelope` signs any channel; the routes must still refuse it.
    for (const token of [h.envelope({ channel: 'sales' }), signRaw(payload(900, 'sales'), h.chatbot.config.appKey)]) {
      const post = await h.post({ signed_context: token, message: 'hi' })
      expect(post.status).toBe(403)
      expect(await codeOf(post)).toBe('invalid_envelope')
      const history = await h.history(UNKNOWN_ID, token)
      expect(history.status).toBe(403)
      expect(await codeOf(history)).toBe('invalid_envelope')
    }
    expect(await conversations()).toBe(0)
  })

  it('accepts declared channels, default included', async () => {
    for (const channel of ['default', 'support']) {
      h.provider.script({ text: 'ok' })
      const response = await h.post({ signed_context: h.envelope({ channel }), message: 'hi' })
      expect(response.status).toBe(200)
      await events(response)
    }
  })

  it('403 for an envelope whose exp lies more than 900 s after its iat, with the current or a previous key', async () => {
    for (const key of [h.chatbot.config.appKey, OLD_KEY]) {
      h.provider.script({ text: 'ok' })
      const fine = await h.post({ signed_context: signRaw(payload(900), key), message: 'hi' })
      expect(fine.status).toBe(200)
      await events(fine)
      for (const lifetime of [901, 86_400 * 365]) {
        const token = signRaw(payload(lifetime), key)
        const post = await h.post({ signed_context: token, message: 'hi' })
        expect([post.status, await codeOf(post)]).toEqual([403, 'invalid_envelope'])
        expect((await h.history(UNKNOWN_ID, token)).status).toBe(403)
      }
    }
  })
})
