import { expect } from 'vitest'
import { readSse } from '@chatbot-kit/test-utils'
import type { Page } from 'playwright-core'
import { createAdminClient } from '../../src/lib/client.js'
import { ADMIN_TOKEN, POLL, type ServedConsole } from './harness.js'

// What the Inbox's suites do as the user over HTTP, and as another agent through the admin API.

/** The admin API over HTTP, as a second agent's console (or a script) calls it. */
export const adminApi = (server: ServedConsole) => createAdminClient(`${server.origin}/chatbot/admin`, () => ADMIN_TOKEN)

/** A user's conversation on `support` (which offers a person) with one answered question, then a person asked for. */
export async function requestPerson(server: ServedConsole, userId: string, question: string): Promise<{ id: string; envelope: string }> {
  const envelope = server.chatbot.mintEnvelope({ route: 'shop.page', channel: 'support', userId })
  const post = (path: string, body: object) => fetch(`${server.origin}/chatbot${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signed_context: envelope, ...body }) })
  const response = await post('/messages', { message: question })
  expect(response.status).toBe(200)
  await readSse(response)
  const id = response.headers.get('x-chatbot-conversation-id')!
  expect((await post(`/conversations/${id}/handoff`, {})).status).toBe(200)
  return { id, envelope }
}

/** The Inbox's entry of a conversation. */
export const inboxItem = (page: Page, id: string) => page.getByRole('button', { name: new RegExp(`Conversation ${id.slice(0, 8)}`) })

/** Gives the agent's name on the Inbox. */
export async function answerAs(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name, as users see it').fill(name)
  await page.getByLabel('Your name, as users see it').press('Enter')
  await expect.poll(() => page.getByText(`Answering as ${name}`).isVisible(), POLL).toBe(true)
}
