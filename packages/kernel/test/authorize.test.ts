import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type AdminAuthorizer } from '@chatbot-kit/kernel'
import { createHarness, type Harness } from './harness.js'

describe('chatbot.authorize (the admin gate)', () => {
  let h: Harness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('stores the host check for plugins, chains, replaces, and refuses a non-function', async () => {
    const probe = definePlugin({
      name: 'probe',
      setup(api) {
        api.route({ name: 'probe', method: 'GET', path: '/probe', stateful: false, handler: async (event) => ({ allowed: (await api.chatbot.authorizer?.(event)) ?? null }) })
      },
    })
    h = await createHarness('in-process', { plugins: [probe] })
    expect(h.chatbot.authorizer).toBeUndefined()
    expect(await (await h.request('/chatbot/probe')).json()).toEqual({ allowed: null })

    const check: AdminAuthorizer = (event) => event.req.headers.get('x-admin') === 'yes'
    expect(h.chatbot.authorize(check)).toBe(h.chatbot)
    expect(h.chatbot.authorizer).toBe(check)
    expect(await (await h.request('/chatbot/probe', { headers: { 'x-admin': 'yes' } })).json()).toEqual({ allowed: true })
    expect(await (await h.request('/chatbot/probe')).json()).toEqual({ allowed: false })

    h.chatbot.authorize(() => true)
    expect(await (await h.request('/chatbot/probe')).json()).toEqual({ allowed: true })
    expect(() => h!.chatbot.authorize('yes' as never)).toThrow(TypeError)
  })
})
