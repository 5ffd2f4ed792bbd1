import { afterEach, describe, expect, it } from 'vitest'
import type { ChatbotConfig, CreateChatbotOptions } from '@chatbot-kit/kernel'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import { extractorsPlugin } from '@chatbot-kit/plugin-extractors'
import { retentionPlugin } from '@chatbot-kit/plugin-retention'
import { throttlePlugin } from '@chatbot-kit/plugin-throttle'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { channelsPlugin } from '../src/index.js'

// Each per-channel key, and its precedence: runtime scope > channel block > env > top-level > default.

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

async function start(config: ChatbotConfig, options: CreateChatbotOptions = {}): Promise<Harness> {
  // The plugins that own the per-channel keys tested here.
  h = await createHarness('in-process', { ...config, plugins: [channelsPlugin(), throttlePlugin(), toolsPlugin(), extractorsPlugin(), retentionPlugin()] }, options)
  return h
}

/** One turn on `channel`; returns the provider's request body and the stream. */
async function ask(harness: Harness, channel: string, extra: Record<string, unknown> = {}) {
  const token = harness.envelope({ channel })
  const response = await harness.post({ signed_context: token, message: 'hi', ...extra })
  expect(response.status).toBe(200)
  const stream = await events(response)
  const body = harness.provider.requests.at(-1)!.body
  return { token, stream, body, system: body.messages[0]!.content as string, conversationId: response.headers.get('x-chatbot-conversation-id')! }
}

describe('model', () => {
  it('a channel model beats CHATBOT_MODEL, which beats the top-level model', async () => {
    await start({ model: 'top-model', channels: { support: { model: 'support-model' } } }, { env: { CHATBOT_MODEL: 'env-model' } })
    expect((await ask(h!, 'support')).body.model).toBe('support-model')
    expect((await ask(h!, 'default')).body.model).toBe('env-model')
  })

  it('a channel without a model uses the top-level one', async () => {
    await start({ model: 'top-model', channels: { support: {} } })
    expect((await ask(h!, 'support')).body.model).toBe('top-model')
  })
})

describe('prompt', () => {
  it('is appended to the base prompt on its channel only; the scope replaces the config', async () => {
    await start({ prompt: 'BASE', channels: { support: { prompt: 'You help with orders.' }, sales: {} } })
    expect((await ask(h!, 'support')).system).toBe('BASE\n\nYou help with orders.')
    expect((await ask(h!, 'sales')).system).toBe('BASE')
    h!.chatbot.channel('support').prompt('You help with refunds.')
    expect((await ask(h!, 'support')).system).toBe('BASE\n\nYou help with refunds.')
    expect((await ask(h!, 'sales')).system).toBe('BASE')
  })
})

describe('greeting', () => {
  it('rides in the envelope and opens the history; the scope replaces the config', async () => {
    await start({ channels: { support: { greeting: 'Hello from support' }, sales: {} } })
    const first = await ask(h!, 'support')
    expect(h!.chatbot.verifyEnvelope(first.token).greeting).toBe('Hello from support')
    const history = (await (await h!.history(first.conversationId, first.token)).json()) as { messages: Record<string, unknown>[] }
    expect(history.messages[0]).toMatchObject({ role: 'assistant', content: 'Hello from support', route_name: null, context_hash: null })
    expect(history.messages.map((message) => message.role)).toEqual(['assistant', 'user', 'assistant'])

    const sales = await ask(h!, 'sales')
    expect(h!.chatbot.verifyEnvelope(sales.token).greeting).toBeUndefined()
    const salesHistory = (await (await h!.history(sales.conversationId, sales.token)).json()) as { messages: Record<string, unknown>[] }
    expect(salesHistory.messages.map((message) => message.role)).toEqual(['user', 'assistant'])

    h!.chatbot.channel('support').greeting('Hi again')
    const token = h!.envelope({ channel: 'support' })
    expect(h!.chatbot.verifyEnvelope(token).greeting).toBe('Hi again')
    const again = (await (await h!.history(first.conversationId, token)).json()) as { messages: Record<string, unknown>[] }
    expect(again.messages[0]).toMatchObject({ role: 'assistant', content: 'Hi again' })
  })
})

describe('summary', () => {
  it('a string summary is a capped context section of its channel', async () => {
    await start({ channels: { support: { summary: 'Support desk for orders.' }, sales: {} } })
    const support = await ask(h!, 'support')
    expect(support.system).toContain('<context name="channel-summary" source="server">\nSupport desk for orders.\n</context>')
    expect(support.stream[0]).toMatchObject({ type: 'context_summary', sections: [{ name: 'channel-summary', source: 'server', bytes: 24, truncated: false }] })
    expect((await ask(h!, 'sales')).system).not.toContain('channel-summary')
  })

  it('a function summary runs on every turn; the scope replaces the config', async () => {
    let turns = 0
    await start({ channels: { sales: { summary: () => `Sales desk, turn ${++turns}.` } } })
    expect((await ask(h!, 'sales')).system).toContain('\nSales desk, turn 1.\n')
    expect((await ask(h!, 'sales')).system).toContain('\nSales desk, turn 2.\n')
    h!.chatbot.channel('sales').summary('Runtime summary.')
    const overridden = await ask(h!, 'sales')
    expect(overridden.system).toContain('<context name="channel-summary" source="server">\nRuntime summary.\n</context>')
    expect(turns).toBe(2)
  })
})

describe('extractors', () => {
  it('the envelope carries the channel allowlist with its timeout and size cap, or the defaults', async () => {
    await start({
      channels: {
        support: { allowedExtractors: ['page-snapshot', 'cart'], extractorTimeoutMs: 500, extractorSizeCapBytes: 1024 },
        sales: { allowedExtractors: ['cart'] },
      },
    })
    const payload = (channel: string) => h!.chatbot.verifyEnvelope(h!.envelope({ channel }))
    expect(payload('support').extractors).toEqual({
      'page-snapshot': { timeoutMs: 500, sizeCapBytes: 1024 },
      cart: { timeoutMs: 500, sizeCapBytes: 1024 },
    })
    expect(payload('sales').extractors).toEqual({ cart: { timeoutMs: 250, sizeCapBytes: 8192 } })
    expect(payload('default').extractors).toEqual({})
  })

  it('a message may carry only the extractors its channel allows (422 otherwise)', async () => {
    await start({ channels: { support: { allowedExtractors: ['page-snapshot'] }, sales: { allowedExtractors: ['cart'] } } })
    const post = (channel: string) => h!.post({ signed_context: h!.envelope({ channel }), message: 'hi', client_extractors: { 'page-snapshot': 'Page: checkout' } })
    const refused = await post('sales')
    expect(refused.status).toBe(422)
    expect(await refused.json()).toMatchObject({ error: { code: 'extractor_not_allowed', fields: { 'client_extractors.page-snapshot': expect.any(String) } } })
    const allowed = await post('support')
    expect(allowed.status).toBe(200)
    await allowed.text()
  })
})

describe('settings resolved for the throttle, retention and tool plugins', () => {
  it('throttle and retentionDays fall back key by key to env, then top-level values', async () => {
    await start(
      { retentionDays: 30, channels: { support: { throttle: { perMinute: 5 }, retentionDays: 7 }, archive: { retentionDays: null } } },
      { env: { CHATBOT_THROTTLE_PER_DAY: '150' } },
    )
    expect(h!.chatbot.settings('support')).toMatchObject({ throttle: { perMinute: 5, perDay: 150 }, retentionDays: 7 })
    expect(h!.chatbot.settings('archive')).toMatchObject({ throttle: { perMinute: 20, perDay: 150 }, retentionDays: null })
    expect(h!.chatbot.settings('default')).toMatchObject({ throttle: { perMinute: 20, perDay: 150 }, retentionDays: 30 })
  })

  it('allowedTools defaults to none; the scope replaces the config', async () => {
    await start({ channels: { support: { allowedTools: ['lookup-order'] }, sales: {} } })
    expect(h!.chatbot.settings('support').allowedTools).toEqual(['lookup-order'])
    expect(h!.chatbot.settings('sales').allowedTools).toEqual([])
    h!.chatbot.channel('support').tools(['refund'])
    expect(h!.chatbot.settings('support').allowedTools).toEqual(['refund'])
  })
})
