// A typed client of the admin API (docs/admin.md). In an app with chatbot-kit:
//   npm install @trpc/client
//   CHATBOT_URL=http://127.0.0.1:3000 CHATBOT_ADMIN_TOKEN=… npx tsx admin-client.ts
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AdminRouter } from 'chatbot-kit/admin'

const url = process.env.CHATBOT_URL ?? 'http://127.0.0.1:3000'
const admin = createTRPCClient<AdminRouter>({
  links: [httpBatchLink({ url: `${url}/chatbot/admin/trpc`, headers: () => ({ authorization: `Bearer ${process.env.CHATBOT_ADMIN_TOKEN}` }) })],
})

// Every conversation, a page of 100 at a time.
let cursor: string | null = null
do {
  const page: Awaited<ReturnType<typeof admin.conversations.list.query>> = await admin.conversations.list.query({ limit: 100, cursor })
  for (const item of page.items) {
    const { messages, toolInvocations } = await admin.conversations.get.query({ id: item.id })
    console.log(`${item.id} ${item.channel}: ${messages.length} messages, ${toolInvocations.length} tool calls`)
  }
  cursor = page.nextCursor
} while (cursor)

const report = await admin.retention.prune.mutate({ dryRun: true })
console.log(`Pruning now would delete ${report.total.conversations} conversations.`)
