/** What the transcript reads of a message, a tool invocation and an approval (the API's shapes). */
interface Message {
  id: string
  createdAt: string
}
interface ToolCall {
  id: string
  messageId: string | null
  startedAt: string
}
interface Approval {
  id: string
  /** The reply that paused for it. */
  messageId: string | null
  requestedAt: string
}

export type TimelineEntry<M, T, A> = { kind: 'message'; key: string; message: M; tools: T[]; approvals: A[] } | { kind: 'tool'; key: string; tool: T } | { kind: 'approval'; key: string; approval: A }

/**
 * A conversation in order: each message with the tool calls its reply made and the approvals it
 * paused for; a call or an approval tied to no stored message goes where it happened in time.
 */
export function timeline<M extends Message, T extends ToolCall, A extends Approval>(messages: M[], tools: T[], approvals: A[]): TimelineEntry<M, T, A>[] {
  const known = new Set(messages.map((message) => message.id))
  const of = <I extends { messageId: string | null }>(items: I[], id: string) => items.filter((item) => item.messageId === id)
  const entries: { at: string; entry: TimelineEntry<M, T, A> }[] = [
    ...messages.map((message) => ({ at: message.createdAt, entry: { kind: 'message' as const, key: `m:${message.id}`, message, tools: of(tools, message.id), approvals: of(approvals, message.id) } })),
    ...tools.filter((tool) => !tool.messageId || !known.has(tool.messageId)).map((tool) => ({ at: tool.startedAt, entry: { kind: 'tool' as const, key: `t:${tool.id}`, tool } })),
    ...approvals.filter((approval) => !approval.messageId || !known.has(approval.messageId)).map((approval) => ({ at: approval.requestedAt, entry: { kind: 'approval' as const, key: `a:${approval.id}`, approval } })),
  ]
  // A stable sort: entries of the same instant keep their order (messages, then calls, then approvals).
  entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
  return entries.map(({ entry }) => entry)
}
