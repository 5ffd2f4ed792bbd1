import { expect } from 'vitest'
import type { ChatbotConfig, ChatbotPlugin } from '@chatbot-kit/kernel'
import type { CreatedDatabase } from '@chatbot-kit/test-utils'
import { createHarness, events, type Harness } from '../../../packages/kernel/test/harness.js'
import memoryDriver from 'unstorage/drivers/memory'
import { attachmentsPlugin } from '../src/index.js'

/**
 * A chatbot with the attachments plugin (after `before`) on `created`, over a real socket; `default`
 * takes images and text. Files go to the memory driver unless `config` names another (the default
 * folder of a Postgres target would be the working directory's `.data/`).
 */
export const start = (created: CreatedDatabase, config: ChatbotConfig = {}, before: ChatbotPlugin[] = []): Promise<Harness> =>
  createHarness('socket', {
    database: created.database,
    shutdownGrace: 0,
    attachments: { storage: memoryDriver() },
    channels: {
      default: { attachments: { enabled: true, types: ['image/*', 'text/*'], maxBytes: 64 * 1024, maxFiles: 2 } },
      other: { attachments: { enabled: true } },
      plain: {},
    },
    ...config,
    plugins: [...before, attachmentsPlugin(), ...(config.plugins ?? [])],
  })

/** A valid 2×3 PNG (header and a real image: 1-bit grey). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000020000000308000000003ac4a3e40000000e4944415478da6360606060600000000d0001a1ba6e1a0000000049454e44ae426082',
  'hex',
)

/** A PNG header claiming `width`×`height` (the rest cut: the header is all a bomb needs to show). */
export function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(PNG)
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return bytes
}

/** `POST /chatbot/attachments` with `signed_context` then `file`. */
export function upload(h: Harness, token: string | undefined, bytes: Buffer | string, name: string, type = '', extra: Record<string, string> = {}) {
  const form = new FormData()
  if (token !== undefined) form.append('signed_context', token)
  for (const [key, value] of Object.entries(extra)) form.append(key, value)
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], type ? { type } : {}), name)
  return h.request('/chatbot/attachments', { method: 'POST', body: form })
}

/** Status and error code (null for a success). */
export async function outcome(response: Response): Promise<[number, string | null]> {
  const body = (await response.json()) as { error?: { code: string } }
  return [response.status, body.error?.code ?? null]
}

export async function uploaded(h: Harness, token: string, bytes: Buffer | string = PNG, name = 'photo.png', type = 'image/png') {
  const response = await upload(h, token, bytes, name, type)
  expect(response.status).toBe(201)
  return (await response.json()) as { id: string; name: string; type: string; size: number }
}

/** Sends a message with attachments; the reply's events. */
export async function ask(h: Harness, token: string, attachments: unknown, message = 'What is in this picture?') {
  const response = await h.post({ signed_context: token, message, attachments })
  return { response, events: response.status === 200 ? await events(response) : [] }
}

export const download = (h: Harness, id: string, token: string) => h.request(`/chatbot/attachments/${id}?signed_context=${encodeURIComponent(token)}`)

/** The stored rows. */
export const rows = (h: Harness) =>
  h.chatbot.db
    .withTables<{ attachments: { public_id: string; used_at: string | null; conversation_id: number | null; message_id: number | null } }>()
    .selectFrom('attachments')
    .select(['public_id', 'used_at', 'conversation_id', 'message_id'])
    .execute()
