import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { defineTool, listToolInvocations } from '../src/index.js'
import type { McpServerConfig } from '../src/options.js'
import { freePort } from '@chatbot-kit/test-utils'
import { createLoopbackMcpServer, text, type LoopbackTool } from './mcp/server.js'
import { ask, ofType, start } from './setup.js'

// The tools plugin with `mcp.servers`: a real MCP server on loopback, the demo provider over loopback.

const query = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false } as const
const search: LoopbackTool = { name: 'search', description: 'Search the docs', inputSchema: query, run: (args) => text(`found ${String(args.q)}`) }

async function serve(tools: LoopbackTool[], port?: number) {
  const server = await createLoopbackMcpServer(tools, port)
  onTestFinished(() => server.close())
  return server
}

const startWith = (docs: McpServerConfig) => start({ mcp: { servers: { docs } }, channels: { default: { allowedTools: ['docs__*'] } } })

/** The provider request `back` from the last (1: the last). */
const sentBack = (h: Harness, back = 1) => h.provider.requests.at(-back)!.body
/** The tool invocation records of a conversation, by its public id. */
async function records(h: Harness, publicId: string) {
  const { id } = await h.chatbot.db.selectFrom('conversations').select('id').where('public_id', '=', publicId).executeTakeFirstOrThrow()
  return listToolInvocations(h.chatbot.db, id)
}
const offered = (h: Harness, back = 1) => (sentBack(h, back).tools ?? []).map((tool) => tool.function.name)

/** Asks until the provider is offered `name`: a server's list arrives on its own time. */
const untilOffered = (h: Harness, name: string) =>
  vi.waitFor(async () => {
    await ask(h)
    expect(offered(h)).toContain(name)
  }, { timeout: 10_000, interval: 100 })

describe('MCP servers as tool sources', () => {
  it('offers a server’s tools on a channel allowing <server>__*, runs and records a call, and sends the result back with its tool_call_id', async () => {
    const docs = await serve([search])
    const h = await startWith({ url: docs.url })
    await untilOffered(h, 'docs__search')
    expect(sentBack(h).tools).toEqual([{ type: 'function', function: { name: 'docs__search', description: 'Search the docs', parameters: query } }])
    h.provider.script({ toolCalls: [{ id: 'call_s', name: 'docs__search', arguments: { q: 'mcp' } }] }, { text: 'Found it.' })
    const { stream, conversationId } = await ask(h, 'look it up')
    expect(ofType(stream, 'tool_started', 'tool_finished').map((event) => [event.type, event.call_id, event.name])).toEqual([
      ['tool_started', 'call_s', 'docs__search'],
      ['tool_finished', 'call_s', 'docs__search'],
    ])
    expect(sentBack(h).messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_s', content: 'found mcp' })
    expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
    expect(await records(h, conversationId)).toMatchObject([{ callId: 'call_s', toolName: 'docs__search', arguments: { q: 'mcp' }, result: 'found mcp', error: null }])
  })

  it('offers only the servers a channel allows', async () => {
    const docs = await serve([search])
    const wiki = await serve([search])
    const h = await start({ mcp: { servers: { docs: { url: docs.url }, wiki: { url: wiki.url } } }, channels: { default: { allowedTools: ['wiki__*'] } } })
    await untilOffered(h, 'wiki__search')
    expect(offered(h)).toEqual(['wiki__search'])
  })

  it('turns isError into tool_failed tool_error, with the server’s text for the model', async () => {
    const docs = await serve([{ name: 'broken', inputSchema: { type: 'object' }, run: () => text('The index is offline.', true) }])
    const h = await startWith({ url: docs.url })
    await untilOffered(h, 'docs__broken')
    h.provider.script({ toolCalls: [{ id: 'call_b', name: 'docs__broken', arguments: {} }] }, { text: 'Sorry.' })
    const { stream, conversationId } = await ask(h)
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'call_b', name: 'docs__broken', error: { code: 'tool_error', message: 'The tool "docs__broken" failed.' } },
    ])
    expect(sentBack(h).messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_b', content: JSON.stringify({ error: { code: 'tool_error', message: 'The index is offline.' } }) })
    expect(await records(h, conversationId)).toMatchObject([{ callId: 'call_b', result: null, error: 'tool_error: The index is offline.' }])
  })

  it('offers the tools of a server that was down at start-up once it is up, and fails calls while it is down with tool_unavailable', async () => {
    const port = await freePort()
    const h = await startWith({ url: `http://127.0.0.1:${port}/mcp` })
    await ask(h)
    expect(offered(h)).toEqual([])
    const docs = await serve([search], port)
    await untilOffered(h, 'docs__search')

    await docs.close()
    h.provider.script({ toolCalls: [{ id: 'call_d', name: 'docs__search', arguments: { q: 'mcp' } }] }, { text: 'It is down.' })
    const { stream } = await ask(h)
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'call_d', name: 'docs__search', error: { code: 'tool_unavailable', message: 'The tool "docs__search" is unavailable.' } },
    ])
    expect(JSON.parse(sentBack(h).messages.at(-1)!.content as string)).toMatchObject({ error: { code: 'tool_unavailable' } })
  })

  it('fails a call to an allowed tool of a server never reached with tool_unavailable (not tool_not_allowed), and runs it once the server is up', async () => {
    const port = await freePort()
    const h = await start({
      mcp: { servers: { docs: { url: `http://127.0.0.1:${port}/mcp` } } },
      channels: { default: { allowedTools: ['clock', 'docs__*'] }, other: { allowedTools: ['clock'] } },
    })
    h.chatbot.registerTool(defineTool({ name: 'clock', description: 'The time', parameters: { type: 'object' }, handler: () => 'noon' }))
    const callSearch = () => h.provider.script({ toolCalls: [{ id: 'call_n', name: 'docs__search', arguments: { q: 'mcp' } }] }, { text: 'Done.' })

    // No list yet, so not offered; a model that calls it anyway (it saw it in an earlier turn) is told to try later.
    callSearch()
    const { stream } = await ask(h)
    expect(offered(h, 2)).toEqual(['clock'])
    expect(ofType(stream, 'tool_failed')).toEqual([
      { type: 'tool_failed', call_id: 'call_n', name: 'docs__search', error: { code: 'tool_unavailable', message: 'The tool "docs__search" is unavailable.' } },
    ])
    expect(JSON.parse(sentBack(h).messages.at(-1)!.content as string)).toEqual({
      error: { code: 'tool_unavailable', message: 'The MCP server "docs" is not reachable at the moment; try again later.' },
    })
    // A channel that does not allow the server, and a name of no configured server, stay not allowed.
    callSearch()
    expect(ofType((await ask(h, 'hi', 'other')).stream, 'tool_failed')).toMatchObject([{ error: { code: 'tool_not_allowed' } }])
    h.provider.script({ toolCalls: [{ id: 'call_w', name: 'wiki__search', arguments: {} }] }, { text: 'Done.' })
    expect(ofType((await ask(h)).stream, 'tool_failed')).toMatchObject([{ error: { code: 'tool_not_allowed' } }])

    await serve([search], port)
    await untilOffered(h, 'docs__search')
    callSearch()
    const up = await ask(h)
    expect(ofType(up.stream, 'tool_finished', 'tool_failed').map((event) => [event.type, event.name])).toEqual([['tool_finished', 'docs__search']])
    expect(sentBack(h).messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_n', content: 'found mcp' })
  })

  it('refreshes the offered tools on notifications/tools/list_changed', async () => {
    const docs = await serve([search])
    const h = await startWith({ url: docs.url })
    await untilOffered(h, 'docs__search')
    await docs.setTools([{ name: 'fetch', description: 'Fetch a page', inputSchema: { type: 'object' }, run: () => text('page') }])
    await untilOffered(h, 'docs__fetch')
    expect(offered(h)).toEqual(['docs__fetch'])
  })

  it('sends the configured headers: an object, and a function of the turn', async () => {
    const docs = await serve([search])
    const wiki = await serve([search])
    const h = await start({
      mcp: {
        servers: {
          docs: { url: docs.url, headers: { authorization: 'Bearer s3cret' } },
          wiki: { url: wiki.url, headers: (turn) => ({ 'x-user': turn?.identity.userId ?? 'none' }) },
        },
      },
      channels: { default: { allowedTools: ['docs__*', 'wiki__*'] } },
    })
    await untilOffered(h, 'wiki__search')
    h.provider.script({ toolCalls: [{ id: 'c1', name: 'docs__search', arguments: { q: 'a' } }, { id: 'c2', name: 'wiki__search', arguments: { q: 'b' } }] }, { text: 'Done.' })
    await ask(h)
    const calls = (server: typeof docs) => server.received.filter((request) => request.method === 'tools/call')
    expect(calls(docs).map((request) => request.headers.authorization)).toEqual(['Bearer s3cret'])
    expect(calls(wiki).map((request) => request.headers['x-user'])).toEqual(['user-1'])
    expect(wiki.received.find((request) => request.method === 'tools/list')!.headers['x-user']).toBe('none')
  })
})
