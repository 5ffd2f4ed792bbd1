import { expect } from 'vitest'
import { events, type Harness } from '../../../packages/kernel/test/harness.js'

// The user's side of a tool approval over HTTP, shared by the tools plugin's tests and the admin API's.

/** `POST /chatbot/conversations/{id}/approvals/{approval_id}` with `body` and an envelope (user-1's by default). */
export function decide(h: Harness, conversationId: string, approvalId: string, body: Record<string, unknown>, token = h.envelope()) {
  return h.request(`/chatbot/conversations/${conversationId}/approvals/${approvalId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signed_context: token, ...body }),
  })
}

/** Sends a message, and expects the turn to pause: the approval event and the paused `done`. */
export async function askAndPause(h: Harness, message = 'refund A1', token = h.envelope()) {
  const response = await h.post({ signed_context: token, message })
  expect(response.status).toBe(200)
  const stream = await events(response)
  const paused = stream.find((event) => event.type === 'tool_approval_required')
  expect(paused).toBeDefined()
  expect(stream.at(-1)).toMatchObject({ type: 'done', finish_reason: 'approval_required' })
  return { stream, conversationId: response.headers.get('x-chatbot-conversation-id')!, approvalId: paused!.approval_id as string, paused: paused! }
}
