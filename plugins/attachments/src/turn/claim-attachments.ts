import type { PluginApi, RefusalContext, Turn } from '@chatbot-kit/kernel'
import { getRequestBody, isUuid } from '@chatbot-kit/kernel/plugin'
import type { H3Event } from 'h3'
import { ChatbotAttachmentException } from '../errors.js'
import { settingsOf } from '../settings.js'
import { claimAttachments, findAttachments, isOwnedBy, lastMessage, releaseAttachments } from '../storage/attachments.repository.js'
import type { AttachmentRow } from '../storage/attachments.table.js'

/** `turn.state` key: the rows a turn's message carries. */
export const CLAIMED = 'attachments'
const CLAIMED_IDS = Symbol('chatbot.claimed-attachments')

/**
 * `turn:start`: the message's `attachments: [id]` must each be the sender's own (same identity
 * and channel), unused, and at most `maxFiles`: else 422 `invalid_attachments` naming each bad
 * entry (403 `attachments_disabled` on a channel without attachments). They are claimed for the
 * conversation at once, so two messages cannot both carry one.
 */
export function claimForTurn(api: PluginApi) {
  return async (turn: Turn): Promise<void> => {
    const listed = turn.continuation ? undefined : getRequestBody(turn.event)?.attachments
    if (listed === undefined || listed === null || (Array.isArray(listed) && listed.length === 0)) return
    const settings = settingsOf(api, turn.channel)
    if (!settings.enabled) throw new ChatbotAttachmentException('attachments_disabled', `The channel "${turn.channel}" does not take attachments.`)
    if (!Array.isArray(listed) || !listed.every((id) => typeof id === 'string')) throw invalid({ attachments: 'must be a list of attachment ids' })
    const ids = [...new Set(listed.map((id: string) => id.toLowerCase()))]
    if (ids.length > settings.maxFiles) throw invalid({ attachments: `must name at most ${settings.maxFiles} files` })
    const rows = await findAttachments(api.storage.db, ids.filter(isUuid))
    const byId = new Map(rows.map((row) => [row.public_id, row]))
    const retried = await retriedMessageId(api, turn)
    const fields: Record<string, string> = {}
    ids.forEach((id, index) => {
      const problem = problemOf(byId.get(id), turn, retried)
      if (problem) fields[`attachments.${index}`] = problem
    })
    if (Object.keys(fields).length > 0) throw invalid(fields)
    const carried = ids.map((id) => byId.get(id)!)
    const fresh = carried.filter((row) => row.used_at === null).map((row) => row.id)
    if (fresh.length > 0 && !(await claimAttachments(api.storage.db, fresh, turn.conversation.id))) throw invalid({ attachments: 'an attachment was used by another message' })
    turn.state[CLAIMED] = carried
    ;(turn.event.context as Record<symbol, number[]>)[CLAIMED_IDS] = fresh
  }
}

function problemOf(row: AttachmentRow | undefined, turn: Turn, retried: number | undefined): string | undefined {
  if (!row) return 'is not an attachment id'
  if (row.channel !== turn.channel) return 'belongs to another channel'
  if (!isOwnedBy(row, turn.envelope)) return 'is not yours'
  // Sending a failed message again (the kernel answers the stored one) carries its files again.
  const retry = retried !== undefined && row.message_id === retried && row.conversation_id === turn.conversation.id
  if (row.used_at !== null && !retry) return 'was already sent with a message'
  return undefined
}

/** The stored message this one retries, by the kernel's rule: the conversation's last message, a user's, with the same text. */
async function retriedMessageId(api: PluginApi, turn: Turn): Promise<number | undefined> {
  const last = await lastMessage(api.storage.db, turn.conversation.id)
  return last?.role === 'user' && last.content === turn.message ? last.id : undefined
}

const invalid = (fields: Record<string, string>) =>
  new ChatbotAttachmentException('invalid_attachments', `Invalid attachments: ${Object.values(fields).join('; ')}.`, fields)

/**
 * `request:refused`: a message refused after its attachments were claimed (by a later hook, before
 * anything was stored) gives them back, so the user can send them again.
 */
export function releaseOnRefusal(api: PluginApi) {
  return ({ event, route }: RefusalContext): void => {
    const ids = (event as H3Event).context && ((event.context as Record<symbol, number[] | undefined>)[CLAIMED_IDS])
    if (route !== 'chatbot.messages' || !ids) return
    releaseAttachments(api.storage.db, ids).catch((error: unknown) => api.logger.error('Could not release the attachments of a refused message:', error))
  }
}
