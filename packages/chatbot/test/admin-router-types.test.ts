import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { assertBuilt } from './cli.js'

// `import type { AdminRouter } from 'chatbot-kit/admin'` in a host that uses chatbot-kit (the docs'
// typed client): the built-in plugins' procedures come with their packages' types (each augments
// AdminProcedures), which that entry brings. Checked with tsc against the built packages,
// resolved from node_modules as a host resolves them.

const PACKAGE = fileURLToPath(new URL('..', import.meta.url))
const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url))

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2023', noEmit: true, skipLibCheck: true, types: ['node'] },
  include: ['*.ts'],
})

const HOST_CONFIG = `import { defineChatbotConfig } from 'chatbot-kit'
export default defineChatbotConfig({ admin: { token: process.env.CHATBOT_ADMIN_TOKEN } })
`

/** Every built-in procedure, with the fields the plugins add to the core's answers. */
const CLIENT = `import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AdminRouter } from 'chatbot-kit/admin'

const admin = createTRPCClient<AdminRouter>({ links: [httpBatchLink({ url: 'http://127.0.0.1:3000/chatbot/admin/trpc' })] })

export async function everyProcedure(): Promise<unknown[]> {
  const rated: 'up' | 'down' | undefined = (await admin.feedback.list.query({ rating: 'down' })).items[0]?.rating
  const pending: string | undefined = (await admin.approvals.list.query({ decision: 'pending' })).items[0]?.id
  const limit: number = (await admin.usage.daily.query({ userId: 'u-1' })).limits.input
  const pruned: boolean = (await admin.retention.prune.mutate({ dryRun: true })).dryRun
  const asked: number | undefined = (await admin.knowledge.gaps.query({ channel: 'default' })).items[0]?.count
  const synced: string | undefined = (await admin.knowledge.sync.mutate({ source: 'help' }))[0]?.status
  const found: boolean = (await admin.knowledge.search.query({ query: 'returns' })).gap
  const documents: number | undefined = (await admin.knowledge.documents.query({ source: 'help' })).items[0]?.chunks
  const indexed: number | undefined = (await admin.knowledge.sources.query())[0]?.documents
  const detail = await admin.conversations.get.query({ id: '2f0c8a4e-7d3b-4c1e-9a55-0b6f3e2d1c00' })
  const calls: string[] = detail.toolInvocations.map((call) => call.toolName)
  const approvals: string[] = detail.approvals.map((approval) => approval.id)
  const rating: 'up' | 'down' | undefined = detail.messages[0]?.feedback?.rating
  const page = await admin.conversations.list.query({ hasDownRating: true, limit: 10 })
  const thumbs: number | undefined = (await admin.stats.overview.query()).days[0]?.feedbackUp
  const core = await Promise.all([admin.health.query(), admin.channels.list.query(), admin.capabilities.query(), admin.conversations.export.query({ id: '', format: 'json' })])
  // @ts-expect-error: no plugin declares this namespace
  await admin.nothing.list.query()
  return [rated, pending, limit, pruned, asked, synced, found, documents, indexed, calls, approvals, rating, page, thumbs, core]
}
`

const tsc = (dir: string) => promisify(execFile)(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')]).then(
  () => '',
  (error: { stdout?: string }) => error.stdout ?? String(error),
)

describe('the typed admin client of a chatbot-kit host', () => {
  it('types every built-in procedure on AdminRouter', { timeout: 180_000 }, async () => {
    assertBuilt()
    // Inside the package, so that node_modules resolves as for a host; gone after the test.
    const dir = mkdtempSync(join(PACKAGE, '.admin-types-'))
    try {
      writeFileSync(join(dir, 'tsconfig.json'), TSCONFIG)
      writeFileSync(join(dir, 'chatbot.config.ts'), HOST_CONFIG)
      writeFileSync(join(dir, 'admin-client.ts'), CLIENT)
      expect(await tsc(dir)).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
