import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { events } from '../../../packages/kernel/test/harness.js'
import { askAndPause, decide } from './approval-steps.js'
import { createLoopbackMcpServer, text, type LoopbackTool } from './mcp/server.js'
import { ask, ofType, start } from './setup.js'

// An MCP server's tools wait for the user as a host tool does, named in the channel's toolApproval.

/** A loopback server whose tools record the arguments of each call that reaches it. */
async function serve(...names: string[]) {
  const called: Record<string, unknown[]> = Object.fromEntries(names.map((name) => [name, []]))
  const tools = names.map((name): LoopbackTool => ({ name, inputSchema: { type: 'object' }, run: (args) => (called[name]!.push(args), text(`${name} ok`)) }))
  const server = await createLoopbackMcpServer(tools)
  onTestFinished(() => server.close())
  return { server, called }
}

/** Asks until the provider is offered `name`: a server's list arrives on its own time. */
const untilOffered = (h: Harness, name: string) =>
  vi.waitFor(async () => {
    await ask(h)
    expect((h.provider.requests.at(-1)!.body.tools ?? []).map((tool) => tool.function.name)).toContain(name)
  }, { timeout: 10_000, interval: 100 })

describe('approval of MCP tools', () => {
  it('pauses on a <server>__<tool> the channel requires approval for, and calls the server only once approved', async () => {
    const { server, called } = await serve('search')
    const h = await start({ mcp: { servers: { docs: { url: server.url } } }, channels: { default: { allowedTools: ['docs__*'], toolApproval: { docs__search: 'required' } } } })
    await untilOffered(h, 'docs__search')
    h.provider.script({ toolCalls: [{ id: 'call_s', name: 'docs__search', arguments: { q: 'mcp' } }] }, { text: 'Found it.' })
    const { stream, conversationId, approvalId, paused } = await askAndPause(h, 'look it up')
    expect(paused.calls).toEqual([{ call_id: 'call_s', name: 'docs__search', arguments: { q: 'mcp' } }])
    expect(ofType(stream, 'tool_started')).toEqual([])
    expect(called.search).toEqual([])
    expect(server.received.filter((request) => request.method === 'tools/call')).toEqual([])

    const continued = await events(await decide(h, conversationId, approvalId, { decision: 'approve' }))
    expect(ofType(continued, 'tool_started', 'tool_finished').map((event) => [event.type, event.name])).toEqual([
      ['tool_started', 'docs__search'],
      ['tool_finished', 'docs__search'],
    ])
    expect(called.search).toEqual([{ q: 'mcp' }])
    expect(h.provider.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_s', content: 'search ok' })
    expect(continued.at(-1)).toMatchObject({ type: 'done', finish_reason: 'stop' })
  })

  it('takes <server>__* in toolApproval for every tool of the server, a tool’s own name beating it', async () => {
    const { server, called } = await serve('search', 'fetch')
    const toolApproval = { 'docs__*': 'required', docs__fetch: 'auto' } as const
    const h = await start({ mcp: { servers: { docs: { url: server.url } } }, channels: { default: { allowedTools: ['docs__*'], toolApproval } } })
    await untilOffered(h, 'docs__fetch')
    h.provider.script({ toolCalls: [{ id: 'call_s', name: 'docs__search', arguments: { q: 'a' } }, { id: 'call_f', name: 'docs__fetch', arguments: { page: 'b' } }] })
    const { paused } = await askAndPause(h, 'look it up')
    expect((paused.calls as { call_id: string }[]).map((call) => call.call_id)).toEqual(['call_s'])
    expect(called).toEqual({ search: [], fetch: [{ page: 'b' }] })
  })
})
