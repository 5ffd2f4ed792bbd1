import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AdminRouter } from '@chatbot-kit/admin'

export type AdminClient = ReturnType<typeof createTRPCClient<AdminRouter>>

/**
 * The typed admin API at `<root>/trpc`, on the page's own origin (the CSP allows no other). The
 * bearer is read on every request, so signing in or out needs no new client.
 */
export function createAdminClient(root: string, token: () => string | null): AdminClient {
  return createTRPCClient<AdminRouter>({
    links: [
      httpBatchLink({
        url: `${root}/trpc`,
        // Batched queries travel in the URL: keep each one under what every proxy accepts.
        maxURLLength: 2000,
        headers: () => {
          const bearer = token()
          return bearer ? { authorization: `Bearer ${bearer}` } : {}
        },
      }),
    ],
  })
}

