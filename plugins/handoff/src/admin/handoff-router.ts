import { adminProcedure, fail, inputSchema, object, optionalString, pageOf, requiredString, router, uuid, withCursorCheck } from '@chatbot-kit/admin/procedures'
import type { AdminEvent } from '@chatbot-kit/admin'
import { ChatbotForbiddenException } from '@chatbot-kit/kernel'
import { listHandoffs, MAX_HANDOFF_PAGE, type HandoffListPage, type ListHandoffsOptions } from '../storage/list-handoffs.js'
import type { HandoffAgentContext } from './types.js'

const MAX_TEXT = 20_000

function parseList(raw: unknown): ListHandoffsOptions {
  const input = object(raw ?? {}, ['state', 'cursor', 'limit', 'direction'])
  if (input.state !== undefined && input.state !== null && input.state !== 'waiting' && input.state !== 'human') fail('state', 'must be "waiting" or "human"')
  return { state: (input.state ?? undefined) as ListHandoffsOptions['state'], ...pageOf(input, MAX_HANDOFF_PAGE) }
}

export interface AgentInput {
  conversationId: string
  /** The agent's display name; a host's `authorize` may set it instead (docs/handoff.md). */
  agent?: string
}

const agentInput = (fields: string[] = []) => (raw: unknown) => {
  const input = object(raw, ['conversationId', 'agent', ...fields])
  return { input, conversationId: uuid(input.conversationId, 'conversationId'), agent: optionalString(input.agent, 'agent', 100)?.trim() || undefined }
}

/**
 * The agent. A name the host's `authorize` left on the request is who is signed in, so it wins and
 * another typed name is FORBIDDEN (one agent must not act as another); without it, the input's.
 */
function agentOf(input: { agent?: string }, event: AdminEvent | undefined): string {
  const fromHost = (event?.context as HandoffAgentContext | undefined)?.handoffAgent
  const host = typeof fromHost === 'string' ? fromHost.trim() : ''
  if (host === '') return input.agent ?? fail('agent', "is required (or set by the host's authorize)")
  if (input.agent !== undefined && input.agent !== host) throw new ChatbotForbiddenException(`agent: the host's sign-in names you ${host}; another name is refused.`)
  return host
}

const listInput = inputSchema<{ state?: 'waiting' | 'human'; cursor?: string; limit?: number } | void, ListHandoffsOptions>(parseList)
const claimInput = inputSchema<AgentInput, AgentInput>((raw) => agentInput()(raw))
const replyInput = inputSchema<AgentInput & { text: string }, AgentInput & { text: string }>((raw) => {
  const { input, ...rest } = agentInput(['text'])(raw)
  const text = requiredString(input.text, 'text', MAX_TEXT)
  if (text.trim() === '') fail('text', 'must not be empty')
  return { ...rest, text }
})

/** `handoff.*` of the admin API: the console's Inbox (contract §11.3). */
export const handoffRouter = router({
  /** Waiting and claimed conversations, newest request first; pass `nextCursor` back as `cursor`. */
  list: adminProcedure.input(listInput).query(async ({ ctx, input }): Promise<HandoffListPage> => {
    // The check on read: requests past their wait timeout leave the inbox now, not at the next sweep.
    await ctx.chatbot.handoff().sweep()
    return withCursorCheck(() => listHandoffs(ctx.chatbot.db, input))
  }),
  /** Takes a waiting conversation; one held by another agent is CONFLICT. */
  claim: adminProcedure.input(claimInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.chatbot.handoff().claim(input.conversationId, agentOf(input, ctx.event), 'agent')
    return { state: row.state, agent: row.agent }
  }),
  /** A message from the agent holding the conversation; stored and sent to every open tab. */
  reply: adminProcedure.input(replyInput).mutation(({ ctx, input }) => ctx.chatbot.handoff().reply(input.conversationId, agentOf(input, ctx.event), input.text, 'agent')),
  /** Back to the bot (the agent holding it, or anyone while it waits). */
  release: adminProcedure.input(claimInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.chatbot.handoff().release(input.conversationId, agentOf(input, ctx.event), 'agent')
    return { state: row.state }
  }),
})
