import { afterEach, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN, createAdminHarness, type AdminHarness } from './client.js'

// Contract §10: no error body carries a stack or a file path unless the server runs under
// `chatbot dev` (the `debug` option), whatever NODE_ENV says.
describe('admin error bodies', () => {
  let h: AdminHarness | undefined
  const nodeEnv = process.env.NODE_ENV
  afterEach(async () => {
    await h?.close()
    h = undefined
    process.env.NODE_ENV = nodeEnv
  })

  const unauthorizedBody = async () => {
    const response = await fetch(`${h!.trpcUrl}/health`, { headers: { authorization: 'Bearer wrong' } })
    expect(response.status).toBe(401)
    return response.text()
  }

  it.each(['development', 'test', ''])('carry no stack or path with NODE_ENV=%j', async (value) => {
    process.env.NODE_ENV = value
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } })
    const body = await unauthorizedBody()
    expect(JSON.parse(body)).toMatchObject({ error: { data: { code: 'UNAUTHORIZED' } } })
    expect(body).not.toContain('stack')
    expect(body).not.toMatch(/file:\/\/|\.[jt]s:\d+/)
  })

  it('carry the stack under chatbot dev (debug), where it helps', async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN } }, { debug: true })
    expect(JSON.parse(await unauthorizedBody())).toMatchObject({ error: { data: { stack: expect.stringContaining('TRPCError') } } })
  })
})
