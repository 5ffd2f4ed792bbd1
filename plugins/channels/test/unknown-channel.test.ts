import { getQuery } from 'h3'
import { afterEach, describe, expect, it } from 'vitest'
import { ChatbotException, definePlugin } from '@chatbot-kit/kernel'
import { createHarness, TRANSPORTS, type Harness } from '../../../packages/kernel/test/harness.js'
import { ChatbotUnknownChannelException, channelsPlugin } from '../src/index.js'

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

function thrown(run: () => unknown): ChatbotException {
  try {
    run()
  } catch (error) {
    if (ChatbotException.isInstance(error)) return error
    throw error
  }
  throw new Error('expected a ChatbotException')
}

/** A host page that renders the widget for `?channel=`, as a host's own route would. */
const hostPage = definePlugin({
  name: 'host-page',
  setup(api) {
    const { chatbot } = api
    chatbot.route({
      name: 'host.page',
      method: 'GET',
      path: '/page',
      stateful: false,
      handler: async (event) => new Response((await chatbot.renderWidget(event, { channel: String(getQuery(event).channel) })).html),
    })
  },
})

describe('an envelope for an unknown channel is refused at mint time', () => {
  it('throws unknown_channel for an undeclared name; default and declared channels mint', async () => {
    h = await createHarness('in-process', { channels: { support: {} }, plugins: [channelsPlugin()] })
    const mint = (channel: string) => h!.chatbot.mintEnvelope({ userId: 'u1', route: 'home', channel })
    const refused = thrown(() => mint('sales'))
    expect(refused).toBeInstanceOf(ChatbotUnknownChannelException)
    expect([refused.code(), refused.status]).toEqual(['unknown_channel', 422])
    expect(() => mint('Support')).toThrow(ChatbotUnknownChannelException)
    expect(h.chatbot.verifyEnvelope(mint('support')).channel).toBe('support')
    expect(h.chatbot.verifyEnvelope(mint('default')).channel).toBe('default')
  })

  it('default exists even when the config lists no channels', async () => {
    h = await createHarness('in-process', { plugins: [channelsPlugin()] })
    expect(h.chatbot.verifyEnvelope(h.envelope({ channel: 'default' })).channel).toBe('default')
    expect(() => h!.envelope({ channel: 'support' })).toThrow(ChatbotUnknownChannelException)
  })

  // A runtime scope overrides a declared channel; it does not declare one.
  it('a fluent channel scope does not make an undeclared channel known', async () => {
    h = await createHarness('in-process', { plugins: [channelsPlugin()] })
    h.chatbot.channel('sales').greeting('Hi')
    expect(() => h!.envelope({ channel: 'sales' })).toThrow(ChatbotUnknownChannelException)
  })

  describe.each(TRANSPORTS)('over HTTP (%s)', (transport) => {
    it('a page rendering the widget for an unknown channel answers 422 unknown_channel; nothing is stored', async () => {
      h = await createHarness(transport, { channels: { support: {} }, plugins: [channelsPlugin(), hostPage] })
      const refused = await h.request('/chatbot/page?channel=sales')
      expect(refused.status).toBe(422)
      expect(await refused.json()).toEqual({
        error: { code: 'unknown_channel', message: expect.stringContaining('"sales"'), fields: { channel: 'is not a configured channel' } },
      })
      const page = await h.request('/chatbot/page?channel=support')
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/<chatbot-widget channel="support" signed-context="[\w.-]+"/)
      expect(await h.chatbot.db.selectFrom('conversations').selectAll().execute()).toEqual([])
    })
  })
})
