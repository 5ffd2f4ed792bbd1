import type { AdminApproval, AdminMessage, AdminToolInvocation, ConversationDetail } from './conversation-detail.js'

/**
 * A conversation as a Markdown document a person reads: the facts first, then each message in
 * order, with its tool calls, the approvals it paused for and its rating under it. Replies are
 * Markdown already and stay as they are; questions are quoted, tool data is fenced.
 */
export function toMarkdown(detail: ConversationDetail): string {
  const { conversation } = detail
  const owner = conversation.userId !== null ? `user ${code(conversation.userId)}` : `guest ${code(conversation.guestId ?? '')}`
  const lines = [
    `# Conversation ${conversation.id}`,
    '',
    `- Channel: ${code(conversation.channel)}`,
    `- Owner: ${owner}`,
    `- Route: ${code(conversation.routeName)}`,
    `- Started: ${conversation.startedAt}`,
    `- Last activity: ${conversation.lastActivityAt}`,
    `- Messages: ${conversation.messageCount}`,
  ]
  const calls = callsByReply(detail)
  for (const message of detail.messages) {
    const [heading, ...body] = messageLines(message)
    lines.push('', heading!)
    for (const invocation of calls.get(message.id) ?? []) lines.push('', ...invocationLines(invocation))
    lines.push(...body)
    for (const approval of detail.approvals.filter((item) => item.messageId === message.id)) lines.push('', ...approvalLines(approval))
    if (message.feedback) lines.push('', ...feedbackLines(message.feedback))
  }
  // Calls of a turn that stored no reply (it failed mid-way) still belong in the record.
  const unplaced = calls.get(null) ?? []
  if (unplaced.length > 0) lines.push('', '## Tool calls without a stored reply', ...unplaced.flatMap((invocation) => ['', ...invocationLines(invocation)]))
  return `${lines.join('\n')}\n`
}

/**
 * Each call under the reply it led to: the one recorded, else the first reply stored after the
 * call started (a turn stores its reply after its tool rounds); `null` for none.
 */
function callsByReply(detail: ConversationDetail): Map<string | null, AdminToolInvocation[]> {
  const replies = detail.messages.filter((message) => message.role === 'assistant')
  const byReply = new Map<string | null, AdminToolInvocation[]>()
  for (const call of detail.toolInvocations) {
    const reply = replies.find((message) => message.id === call.messageId) ?? (call.messageId === null ? replies.find((message) => message.createdAt >= call.startedAt) : undefined)
    const key = reply?.id ?? null
    byReply.set(key, [...(byReply.get(key) ?? []), call])
  }
  return byReply
}

/** The heading, then the text: a reply's own (Markdown), a question quoted. */
function messageLines(message: AdminMessage): string[] {
  const who = message.role === 'user' ? 'User' : 'Assistant'
  const state = message.status === 'incomplete' ? ` (incomplete${message.finishReason ? `: ${message.finishReason}` : ''})` : ''
  const heading = `## ${who}, ${message.createdAt}${state}`
  if (message.role === 'assistant') return [heading, '', message.content === '' ? '_(no text)_' : message.content]
  return [heading, '', ...message.content.split('\n').map((line) => (line === '' ? '>' : `> ${line}`))]
}

function invocationLines(call: AdminToolInvocation): string[] {
  const timing = call.durationMs === null ? '' : `, ${call.durationMs} ms${call.overran ? ' (over its timeout)' : ''}`
  const lines = [`**Tool call** ${code(call.toolName)} (${code(call.callId)}${timing})`, '', 'Arguments:', '', ...fenced(JSON.stringify(call.arguments, null, 2) ?? 'null', 'json')]
  if (call.error !== null) lines.push('', 'Error:', '', ...fenced(call.error))
  else if (call.result !== null) lines.push('', 'Result:', '', ...fenced(call.result))
  return lines
}

const DECISIONS = { approve: 'approved', deny: 'denied' } as const

function approvalLines(approval: AdminApproval): string[] {
  const decider = approval.decidedBy.userId ?? approval.decidedBy.guestId
  const state = approval.decidedAt === null ? 'pending' : `decided ${approval.decidedAt}${decider ? ` by ${code(decider)}` : ''}`
  const lines = [`**Approval** ${code(approval.id)}, requested ${approval.requestedAt}, ${state}`, '']
  for (const call of approval.calls) lines.push(`- ${code(call.name)} (${code(call.callId)}): ${call.decision ? DECISIONS[call.decision] : 'not decided'}, arguments ${code(JSON.stringify(call.arguments) ?? 'null')}`)
  if (approval.comment) lines.push('', `Comment: ${approval.comment}`)
  return lines
}

function feedbackLines(feedback: NonNullable<AdminMessage['feedback']>): string[] {
  const lines = [`**Feedback**: ${feedback.rating === 'up' ? 'thumbs up' : 'thumbs down'}, ${feedback.updatedAt}`]
  if (feedback.comment) lines.push('', ...feedback.comment.split('\n').map((line) => (line === '' ? '>' : `> ${line}`)))
  return lines
}

/** A code block whose fence is longer than any run of backticks inside, so no content can close it. */
function fenced(text: string, language = ''): string[] {
  const fence = '`'.repeat(Math.max(3, longestRun(text) + 1))
  return [`${fence}${language}`, text, fence]
}

/** Inline code delimited by one backtick more than the longest run inside (padded, as CommonMark wants). */
function code(text: string): string {
  const ticks = '`'.repeat(longestRun(text) + 1)
  return ticks.length > 1 ? `${ticks} ${text} ${ticks}` : `${ticks}${text}${ticks}`
}

const longestRun = (text: string) => Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
