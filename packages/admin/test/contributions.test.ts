import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type ChatbotPlugin } from '@chatbot-kit/kernel'
import { sql } from '@chatbot-kit/kernel/plugin'
import { feedbackPlugin } from '@chatbot-kit/plugin-feedback'
import { silentLogger } from '@chatbot-kit/test-utils'
import { events } from '../../kernel/test/harness.js'
import { adminRouterOf, createAdminCaller } from '../src/index.js'
import { adminProcedure, defineAdminContribution, optionalString, router } from '../src/procedures.js'
import { ADMIN_TOKEN, createAdminHarness, type AdminHarness } from './client.js'

// A host plugin's contribution through every door the admin API opens to plugins: a namespace of
// its own, a filter of conversations.list, fields and Markdown of a transcript, a series of the
// overview; loaded with the first admin request, once. Its types are not augmented here (this
// test would add `tags` to every AdminRouter of the repository's type-check): calls go untyped.

const today = () => new Date().toISOString().slice(0, 10)

/** Tags per conversation (public id), kept in memory by the "tags" host plugin. */
function tagsPlugin(tags: Map<string, string[]>, loads: { count: number }): ChatbotPlugin {
  const tagged = (tag: string) => [...tags].filter(([, list]) => list.includes(tag)).map(([id]) => id)
  return definePlugin({
    name: 'tags',
    admin: async () => {
      loads.count += 1
      return defineAdminContribution({
        routers: { tags: router({ list: adminProcedure.query(() => [...new Set([...tags.values()].flat())].sort()) }) },
        conversationFilters: {
          tag: {
            parse: (value: unknown, field: string) => optionalString(value, field),
            where: (tag: string) => (eb) => (tagged(tag).length > 0 ? eb('c.public_id', 'in', tagged(tag)) : sql<boolean>`1 = 0`),
          },
        },
        transcript: {
          load: async ({ conversation }) => ({ fields: { tags: tags.get(conversation.publicId) ?? [] } as never }),
          markdown: (detail) => ({ end: () => [['## Tags', ((detail as unknown as { tags: string[] }).tags).join(', ')]] }),
        },
        overview: { empty: { tagged: 0 } as never, days: async () => [{ day: today(), tagged: tags.size } as never] },
      })
    },
  })
}

describe('a plugin’s admin contribution', () => {
  let h: AdminHarness
  afterEach(() => h?.close())

  const call = async (path: string, input?: unknown) => {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const response = await fetch(`${h.trpcUrl}/${path}${query}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    return { status: response.status, body: (await response.json()) as { result?: { data: unknown }; error?: { data: { code: string } } } }
  }
  const data = async (path: string, input?: unknown) => (await call(path, input)).body.result?.data as Record<string, unknown> & unknown[]

  it('adds its namespace, filter, transcript part and overview series, loaded with the first admin request, once', async () => {
    const tags = new Map<string, string[]>()
    const loads = { count: 0 }
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [tagsPlugin(tags, loads)] })
    h.chatbot.fake('Sure.')
    const tagged = (await events(await h.post({ signed_context: h.envelope(), message: 'refund please' }))).at(-1)!.conversation_id as string
    const other = (await events(await h.post({ signed_context: h.envelope({ userId: 'user-2' }), message: 'hello' }))).at(-1)!.conversation_id as string
    tags.set(tagged, ['refund', 'vip'])
    // Serving turns loads nothing of the admin API.
    expect(loads.count).toBe(0)

    expect(await data('tags.list')).toEqual(['refund', 'vip'])
    expect((await data('conversations.list', { tag: 'vip' })).items).toEqual([expect.objectContaining({ id: tagged })])
    expect((await data('conversations.list', { tag: 'none' })).items).toEqual([])
    expect(((await data('conversations.list')).items as { id: string }[]).map((item) => item.id)).toEqual([other, tagged])
    expect((await call('conversations.list', { tag: '' })).body.error?.data.code).toBe('BAD_REQUEST')
    const detail = await data('conversations.get', { id: tagged })
    expect(Object.keys(detail)).toEqual(['conversation', 'messages', 'tags'])
    expect(detail.tags).toEqual(['refund', 'vip'])
    expect(((await data('conversations.export', { id: tagged, format: 'markdown' })).content as string).endsWith('\n\n## Tags\nrefund, vip\n')).toBe(true)
    expect((await data('stats.overview', { from: today(), to: today() })).days).toEqual([{ day: today(), conversations: 2, messages: 4, userMessages: 2, assistantMessages: 2, tagged: 1 }])
    expect(await data('capabilities')).toEqual({
      procedures: expect.arrayContaining(['tags.list', 'conversations.list', 'health', 'capabilities']),
      conversationFilters: ['tag'],
    })
    // In-process too, from the same composition.
    expect(await (createAdminCaller(h.chatbot) as unknown as { tags: { list(): Promise<string[]> } }).tags.list()).toEqual(['refund', 'vip'])
    expect(loads.count).toBe(1)
  })

  it('tells a caller without access nothing of what is there, and loads no plugin’s part for it', async () => {
    const loads = { count: 0 }
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [tagsPlugin(new Map(), loads)] })
    // A batch of a plugin's procedure, one no plugin has and a core one: each refused alike.
    const response = await fetch(`${h.trpcUrl}/tags.list,nothing.here,health?batch=1&input=%7B%7D`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { error: { data: { code: string } } }[]).map((item) => item.error.data.code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'UNAUTHORIZED'])
    expect(loads.count).toBe(0)
  })

  it('a namespace or filter claimed twice: the admin requests fail with 500, the log names both plugins', async () => {
    const errors: unknown[][] = []
    const clash = definePlugin({ name: 'my-feedback', admin: async () => defineAdminContribution({ routers: { feedback: router({}) } }) })
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [feedbackPlugin(), clash] }, { logger: silentLogger({ error: (...args: unknown[]) => errors.push(args) }) })
    const answer = await call('health')
    expect(answer.status).toBe(500)
    expect(JSON.stringify(answer.body)).not.toMatch(/my-feedback|TypeError|at /)
    expect(String(errors.flat().find((item) => item instanceof TypeError))).toBe('TypeError: The admin namespace "feedback" is added by both "feedback" and "my-feedback".')
    await expect(adminRouterOf(h.chatbot)).rejects.toThrow(TypeError)
    await h.close()

    const core = definePlugin({ name: 'mine', admin: async () => defineAdminContribution({ conversationFilters: { channel: { parse: () => undefined, where: () => () => sql<boolean>`1 = 1` } } }) })
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [core] })
    await expect(adminRouterOf(h.chatbot)).rejects.toThrow('The conversations.list field "channel" is added by both the admin API and "mine".')
  })

  it('a contribution that failed to load is loaded again by the next admin request', async () => {
    let fail = true
    const flaky = definePlugin({
      name: 'flaky',
      admin: async () => {
        if (fail) throw new Error('not yet')
        return defineAdminContribution({ routers: { flaky: router({ ok: adminProcedure.query(() => 'ok') }) } })
      },
    })
    h = await createAdminHarness({ admin: { token: ADMIN_TOKEN }, plugins: [flaky] })
    expect((await call('flaky.ok')).status).toBe(500)
    fail = false
    expect(await data('flaky.ok')).toBe('ok')
  })
})
