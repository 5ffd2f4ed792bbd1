import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminReport } from '../../../playground/admin-client.js'
import { ADMIN_TOKEN, createAdminHarness, type AdminHarness } from './client.js'

// docs/admin.md's client script, run against a real server.
describe('playground/admin-client.ts', () => {
  let h: AdminHarness
  beforeAll(async () => {
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, channels: { sales: {} } })
  })
  afterAll(() => h.close())

  it('walks the conversations, reads one in full and sums today’s tokens', async () => {
    h.chatbot.fake({ text: 'Shipped yesterday', usage: { inputTokens: 20, outputTokens: 3 } })
    for (const message of ['where is my parcel', 'hello']) {
      const response = await h.post({ signed_context: h.envelope({ userId: `u-${message.length}` }), message })
      await response.text()
    }
    const origin = new URL(h.trpcUrl).origin
    const report = await adminReport(origin, ADMIN_TOKEN, 'parcel')
    expect(report).toEqual({
      health: 'ok',
      channels: ['default', 'sales'],
      conversations: 2,
      matches: [{ id: expect.any(String), messages: ['user: where is my parcel', 'assistant: Shipped yesterday'] }],
      tokensToday: 46,
    })
    await expect(adminReport(origin, 'wrong-token')).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } })
  })
})
