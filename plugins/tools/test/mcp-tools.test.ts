import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { Turn } from '@chatbot-kit/kernel'
import { ToolCallFailure } from '../src/failure.js'
import { freePort } from '@chatbot-kit/test-utils'
import { createLoopbackMcpServer, text, type LoopbackTool } from './mcp/server.js'
import { probeMcp } from './mcp/probe.js'

// The factory against a real MCP server on loopback, with the chatbot's real plugin API and turns.

const query = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } as const
const search: LoopbackTool = { name: 'search', description: 'Search the docs', inputSchema: query, run: (args) => text(`found ${String(args.q)}`) }

async function serve(tools: LoopbackTool[], port?: number) {
  const server = await createLoopbackMcpServer(tools, port)
  onTestFinished(() => server.close())
  return server
}

const call = (tool: { handler: (args: Record<string, unknown>, context: never) => unknown } | undefined, args: Record<string, unknown>, turn: Turn) =>
  Promise.resolve(tool!.handler(args, { turn, callId: 'call_1', signal: new AbortController().signal } as never))

describe('createMcpTools', () => {
  it('lists each server’s tools as <server>__<tool>, with their input schema and description', async () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', ...query }
    const docs = await serve([
      { ...search, inputSchema: schema },
      { name: 'read.page', inputSchema: { type: 'object' }, run: () => text('') },
      { name: 'x'.repeat(80), inputSchema: { type: 'object' }, run: () => text('') },
    ])
    const wiki = await serve([search])
    const { mcp } = await probeMcp({ docs: { url: docs.url }, 'my-wiki': { url: wiki.url } })
    expect([...mcp.tools().keys()]).toEqual(['docs__search', 'docs__read_page', `docs__${'x'.repeat(58)}`, 'my-wiki__search'])
    const found = mcp.tools().get('docs__search')!
    expect(found).toMatchObject({ name: 'docs__search', description: 'Search the docs', parameters: query, timeout: 30, persist: true })
    expect(mcp.tools().get('docs__read_page')!.description).toBe('')
  })

  it('calls a tool: text joined, other content as JSON; isError and JSON-RPC errors are tool_error for the model', async () => {
    const docs = await serve([
      { name: 'mixed', inputSchema: { type: 'object' }, run: (args) => ({ content: [{ type: 'text', text: `q=${String(args.q)}` }, { type: 'image', data: 'AA==', mimeType: 'image/png' }] }) },
      { name: 'broken', inputSchema: { type: 'object' }, run: () => text('The index is offline.', true) },
      { name: 'picky', inputSchema: { type: 'object' }, run: () => { throw new McpError(ErrorCode.InvalidParams, 'q is too long') } },
    ])
    const { mcp, turn } = await probeMcp({ docs: { url: docs.url } })
    const current = await turn()
    await expect(call(mcp.tools().get('docs__mixed'), { q: 'mcp' }, current)).resolves.toBe('q=mcp\n{"type":"image","data":"AA==","mimeType":"image/png"}')
    const broken = call(mcp.tools().get('docs__broken'), {}, current)
    await expect(broken).rejects.toBeInstanceOf(ToolCallFailure)
    await expect(broken).rejects.toMatchObject({ code: 'tool_error', message: 'The tool "docs__broken" failed.', detail: 'The index is offline.' })
    await expect(call(mcp.tools().get('docs__picky'), {}, current)).rejects.toMatchObject({ code: 'tool_error', detail: expect.stringContaining('q is too long') })
  })

  it('fails a call the server does not answer within timeoutMs with tool_unavailable', async () => {
    const docs = await serve([{ name: 'slow', inputSchema: { type: 'object' }, run: () => new Promise(() => {}) }])
    const { mcp, turn } = await probeMcp({ docs: { url: docs.url, timeoutMs: 200 } })
    await expect(call(mcp.tools().get('docs__slow'), {}, await turn())).rejects.toMatchObject({
      code: 'tool_unavailable',
      message: 'The tool "docs__slow" is unavailable.',
      detail: expect.stringContaining('timed out'),
    })
  })

  it('sends headers: an object on every request; a function with no turn for the list, with the turn for a call', async () => {
    const docs = await serve([search])
    const wiki = await serve([search])
    const { mcp, turn } = await probeMcp({
      docs: { url: docs.url, headers: { authorization: 'Bearer s3cret' } },
      wiki: { url: wiki.url, headers: async (about) => ({ 'x-user': about?.identity.userId ?? 'none' }) },
    })
    const current = await turn()
    await call(mcp.tools().get('docs__search'), { q: 'a' }, current)
    await call(mcp.tools().get('wiki__search'), { q: 'a' }, current)
    expect(docs.received.length).toBeGreaterThanOrEqual(3)
    for (const request of docs.received) expect(request.headers.authorization).toBe('Bearer s3cret')
    const byMethod = (method: string) => wiki.received.filter((request) => request.method === method).map((request) => request.headers['x-user'])
    expect(byMethod('initialize')).toEqual(['none'])
    expect(byMethod('tools/list')).toEqual(['none'])
    expect(byMethod('tools/call')).toEqual(['user-1'])
    // The SDK's own headers still win: the session survives a host header of the same name.
    expect(wiki.received.find((request) => request.method === 'tools/call')!.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refreshes a server’s list on notifications/tools/list_changed', async () => {
    const docs = await serve([search])
    const { mcp } = await probeMcp({ docs: { url: docs.url } })
    expect([...mcp.tools().keys()]).toEqual(['docs__search'])
    await docs.setTools([search, { name: 'fetch', inputSchema: { type: 'object' }, run: () => text('page') }])
    await vi.waitFor(() => expect([...mcp.tools().keys()]).toEqual(['docs__search', 'docs__fetch']), { timeout: 10_000 })
  })

  it('logs a server that is down at start-up once, retries it, and offers its tools once it is up', async () => {
    const port = await freePort()
    const { mcp, warnings } = await probeMcp({ docs: { url: `http://127.0.0.1:${port}/mcp` } })
    expect(mcp.tools().size).toBe(0)
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]![0])).toContain(`The MCP server "docs" (http://127.0.0.1:${port}/mcp) is unreachable`)
    await serve([search], port)
    await vi.waitFor(() => expect([...mcp.tools().keys()]).toEqual(['docs__search']), { timeout: 10_000 })
    expect(warnings).toHaveLength(1)
  })

  it('keeps a lost server’s tools, fails their calls with tool_unavailable, and reconnects when it is back', async () => {
    const first = await createLoopbackMcpServer([search])
    const port = Number(new URL(first.url).port)
    const { mcp, turn, warnings } = await probeMcp({ docs: { url: first.url } })
    const current = await turn()
    await first.close()
    await expect(call(mcp.tools().get('docs__search'), { q: 'a' }, current)).rejects.toMatchObject({ code: 'tool_unavailable' })
    await expect(call(mcp.tools().get('docs__search'), { q: 'a' }, current)).rejects.toMatchObject({ code: 'tool_unavailable', detail: expect.stringContaining('not reachable') })
    expect([...mcp.tools().keys()]).toEqual(['docs__search'])
    expect(warnings).toHaveLength(1)
    await serve([search, { name: 'fetch', inputSchema: { type: 'object' }, run: () => text('page') }], port)
    await vi.waitFor(() => expect(mcp.tools().has('docs__fetch')).toBe(true), { timeout: 10_000 })
    await expect(call(mcp.tools().get('docs__search'), { q: 'b' }, current)).resolves.toBe('found b')
  })
})
