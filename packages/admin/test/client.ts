import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client'
import type { ChatbotConfig, CreateChatbotOptions } from '@chatbot-kit/kernel'
import { databaseTargets } from '@chatbot-kit/test-utils'
import { createHarness, type Harness } from '../../kernel/test/harness.js'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { adminPlugin, type AdminRouter } from '../src/index.js'

export const ADMIN_TOKEN = 'admin-secret-0123456789'

export interface AdminHarness extends Harness {
  /** A real tRPC client over the socket; `token` goes in `Authorization: Bearer …`. */
  client(options?: { token?: string; batch?: boolean; headers?: Record<string, string> }): ReturnType<typeof createTRPCClient<AdminRouter>>
  trpcUrl: string
}

/**
 * A chatbot with the admin plugin and the quota plugin (whose limits `usage.daily` reports), plus
 * `plugins` (one of the same name replaces them), served on a real socket.
 */
export async function createAdminHarness(config: ChatbotConfig = {}, options: CreateChatbotOptions = {}): Promise<AdminHarness> {
  const own = config.plugins ?? []
  const given = [adminPlugin(), quotaPlugin()].filter((plugin) => !own.some((mine) => mine.name === plugin.name))
  const h = await createHarness('socket', { ...config, plugins: [...given, ...own] }, options)
  const origin = await originOf(h)
  const trpcUrl = `${origin}/chatbot/admin/trpc`
  return {
    ...h,
    trpcUrl,
    client: ({ token, batch = true, headers = {} } = {}) => {
      const link = (batch ? httpBatchLink : httpLink)({ url: trpcUrl, fetch, headers: () => ({ ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }) })
      return createTRPCClient<AdminRouter>({ links: [link] })
    },
  }
}

// The harness hides its origin; a request for a path it does not know reveals it in nothing, so ask the server directly.
async function originOf(h: Harness): Promise<string> {
  const response = await h.request('/chatbot/health')
  const url = new URL(response.url)
  return url.origin
}

/** The tRPC error code of a rejected call (fails the test when it resolved). */
export async function errorCode(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCClientError) return (error.data as { code?: string } | undefined)?.code
    throw error
  }
  throw new Error('expected the call to fail')
}

/** SQLite (a temp file) and, when `CHATBOT_TEST_POSTGRES_URL` is set, a fresh Postgres schema. */
export const DATABASES = databaseTargets()
