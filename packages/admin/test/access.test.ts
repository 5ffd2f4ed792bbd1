import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, createAdminHarness, errorCode, type AdminHarness } from './client.js'

describe('admin access', () => {
  let h: AdminHarness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('is off (404, the contract error body) without admin.token or authorize', async () => {
    h = await createAdminHarness()
    for (const init of [{}, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }]) {
      const response = await fetch(`${h.trpcUrl}/health`, init)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
    }
    const post = await fetch(`${h.trpcUrl}/conversations.delete`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(post.status).toBe(404)
  })

  it('with admin.token: a missing or wrong bearer is UNAUTHORIZED, the right one passes', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    expect(await errorCode(h.client().health.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client({ token: `${ADMIN_TOKEN}x` }).health.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client({ token: ADMIN_TOKEN.slice(0, -1) }).health.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client({ token: 'wrong' }).retention.prune.mutate({ dryRun: true }))).toBe('UNAUTHORIZED')
    const raw = await fetch(`${h.trpcUrl}/health`, { headers: { authorization: `Basic ${ADMIN_TOKEN}` } })
    expect(raw.status).toBe(401)
    expect(await h.client({ token: ADMIN_TOKEN }).health.query()).toMatchObject({ status: 'ok' })
  })

  it('takes the token from CHATBOT_ADMIN_TOKEN', async () => {
    h = await createAdminHarness({}, { env: { CHATBOT_ADMIN_TOKEN: ADMIN_TOKEN } })
    expect(await h.client({ token: ADMIN_TOKEN }).health.query()).toMatchObject({ status: 'ok' })
    expect(await errorCode(h.client({ token: 'nope' }).health.query())).toBe('UNAUTHORIZED')
  })

  it('a widget envelope is never an admin credential, even when the host check would pass', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    h.chatbot.authorize(() => true)
    expect(await errorCode(h.client({ token: h.envelope() }).health.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client({ token: h.envelope({ guestId: 'g-1' }) }).conversations.list.query({}))).toBe('UNAUTHORIZED')
  })

  it('chatbot.authorize(fn) turns the API on and decides from the request', async () => {
    h = await createAdminHarness()
    expect((await fetch(`${h.trpcUrl}/health`)).status).toBe(404)
    const seen: string[] = []
    h.chatbot.authorize(async (event) => {
      seen.push(new URL(event.req.url).pathname)
      return event.req.headers.get('x-host-session') === 'admin'
    })
    expect(await h.client({ headers: { 'x-host-session': 'admin' } }).health.query()).toMatchObject({ status: 'ok' })
    expect(await errorCode(h.client({ headers: { 'x-host-session': 'guest' } }).health.query())).toBe('UNAUTHORIZED')
    expect(await errorCode(h.client().channels.list.query())).toBe('UNAUTHORIZED')
    expect(seen[0]).toBe('/chatbot/admin/trpc/health')
    // A token that does not match falls through to the host's check, which may still refuse.
    expect(await errorCode(h.client({ token: 'whatever' }).health.query())).toBe('UNAUTHORIZED')
  })

  it('the host check and the token both work when both are set', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    h.chatbot.authorize((event) => event.req.headers.get('x-host-session') === 'admin')
    expect(await h.client({ token: ADMIN_TOKEN }).health.query()).toMatchObject({ status: 'ok' })
    expect(await h.client({ headers: { 'x-host-session': 'admin' } }).health.query()).toMatchObject({ status: 'ok' })
    expect(await errorCode(h.client().health.query())).toBe('UNAUTHORIZED')
  })

  it('session tells whether the request has access, answering 200 either way (the console’s sign-in check)', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    const session = (headers: Record<string, string> = {}) => fetch(`${h!.trpcUrl}/session`, { headers })
    const cases: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${h.envelope()}` }, { 'x-host-session': 'admin' }]
    for (const headers of cases) {
      const response = await session(headers)
      expect(response.status, JSON.stringify(headers)).toBe(200)
      expect(await response.json()).toEqual({ result: { data: { signedIn: false } } })
    }
    expect(await h.client({ token: ADMIN_TOKEN }).session.query()).toEqual({ signedIn: true })
    h.chatbot.authorize((event) => event.req.headers.get('x-host-session') === 'admin')
    expect(await h.client({ headers: { 'x-host-session': 'admin' } }).session.query()).toEqual({ signedIn: true })
    // An envelope stays refused, even with the host's check passing.
    expect(await h.client({ token: h.envelope(), headers: { 'x-host-session': 'admin' } }).session.query()).toEqual({ signedIn: false })
    // It opens nothing: the data still needs the credential.
    expect(await errorCode(h.client({ token: 'wrong' }).health.query())).toBe('UNAUTHORIZED')
  })

  it('session is 404 like the rest while the admin API is off', async () => {
    h = await createAdminHarness()
    expect((await fetch(`${h.trpcUrl}/session`)).status).toBe(404)
  })

  it('other paths under the base keep the contract 404', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    const response = await fetch(`${h.trpcUrl}/no.such.procedure`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { data: { code: string } } }).error.data.code).toBe('NOT_FOUND')
    // `<base>/admin` itself is the console's page (console.test.ts); a sibling path is nobody's.
    const outside = await fetch(h.trpcUrl.replace('/admin/trpc', '/administrator'), { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    expect(await outside.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } })
  })
})
