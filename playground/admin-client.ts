// A complete admin client: `CHATBOT_URL=http://127.0.0.1:3000 CHATBOT_ADMIN_TOKEN=… npx tsx playground/admin-client.ts`.
// Typed end to end by `AdminRouter`; plain JSON (no transformer), so curl works too. See docs/admin.md.
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client'
import type { AdminRouter } from 'chatbot-kit/admin'

export function createAdminClient(baseUrl: string, token: string) {
  return createTRPCClient<AdminRouter>({
    links: [httpBatchLink({ url: `${baseUrl.replace(/\/$/, '')}/chatbot/admin/trpc`, headers: () => ({ authorization: `Bearer ${token}` }) })],
  })
}

export interface AdminReport {
  health: string
  channels: string[]
  conversations: number
  /** Conversations that mention `search`, with their messages. */
  matches: { id: string; messages: string[] }[]
  tokensToday: number
}

/** Walks every conversation page by page, then reads usage and one conversation in full. */
export async function adminReport(baseUrl: string, token: string, search?: string): Promise<AdminReport> {
  const admin = createAdminClient(baseUrl, token)
  const [health, channels] = await Promise.all([admin.health.query(), admin.channels.list.query()])
  let conversations = 0
  let cursor: string | null = null
  do {
    const page: Awaited<ReturnType<typeof admin.conversations.list.query>> = await admin.conversations.list.query({ limit: 100, cursor })
    conversations += page.items.length
    cursor = page.nextCursor
  } while (cursor)
  const found = search ? (await admin.conversations.list.query({ search, limit: 10 })).items : []
  const matches = await Promise.all(
    found.map(async ({ id }) => ({ id, messages: (await admin.conversations.get.query({ id })).messages.map((message) => `${message.role}: ${message.content}`) })),
  )
  const today = new Date().toISOString().slice(0, 10)
  const usage = await admin.usage.daily.query({ from: today, to: today })
  const tokensToday = usage.days.reduce((sum, day) => sum + day.inputTokens + day.outputTokens, 0)
  return { health: health.status, channels: channels.map((channel) => channel.name), conversations, matches, tokensToday }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.CHATBOT_URL ?? 'http://127.0.0.1:3000'
  const token = process.env.CHATBOT_ADMIN_TOKEN
  if (!token) throw new Error('Set CHATBOT_ADMIN_TOKEN (the server’s admin.token).')
  adminReport(url, token, process.argv[2]).then(
    (report) => console.log(JSON.stringify(report, null, 2)),
    (error: unknown) => {
      // A TRPCClientError carries the tRPC code: UNAUTHORIZED for a wrong token, NOT_FOUND when the API is off.
      console.error(error instanceof TRPCClientError ? `${(error.data as { code?: string } | undefined)?.code}: ${error.message}` : error)
      process.exitCode = 1
    },
  )
}
