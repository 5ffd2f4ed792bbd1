import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin } from '../src/index.js'
import { createHarness, type Harness } from './harness.js'

// A route of a plugin that fails with a plain Error: its message and stack name internals.
const failingRoute = definePlugin({
  name: 'failing',
  setup(chatbot) {
    chatbot.route({ name: 'test.fail', method: 'GET', path: '/fail', stateful: false, handler: () => { throw new Error('db at /srv/app/secret.sqlite is locked') } })
  },
})

describe('internal error bodies', () => {
  let h: Harness | undefined
  afterEach(async () => {
    await h?.close()
    h = undefined
  })

  it('say only "internal_error", with no message, stack or path of the cause', async () => {
    h = await createHarness('socket', { plugins: [failingRoute] })
    const response = await h.request('/chatbot/fail')
    expect(response.status).toBe(500)
    const body = await response.text()
    expect(JSON.parse(body)).toEqual({ error: { code: 'internal_error', message: 'Internal error.' } })
    expect(body).not.toMatch(/secret\.sqlite|stack|\.[jt]s:\d+/)
  })

  it('carry the cause under chatbot dev (debug)', async () => {
    h = await createHarness('socket', { plugins: [failingRoute] }, { debug: true })
    const body = (await (await h.request('/chatbot/fail')).json()) as { error: { code: string; debug?: { message: string; stack: string } } }
    expect(body.error.code).toBe('internal_error')
    expect(body.error.debug?.message).toContain('secret.sqlite is locked')
    expect(body.error.debug?.stack).toContain('error-bodies.test.ts')
  })
})
