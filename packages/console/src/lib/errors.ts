import { TRPCClientError } from '@trpc/client'

/** The tRPC error code of a failed call (`UNAUTHORIZED`, `NOT_FOUND`, …), if the server sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined
  const data = error.data as { code?: unknown } | undefined
  return typeof data?.code === 'string' ? data.code : undefined
}

export const isUnauthorized = (error: unknown): boolean => errorCode(error) === 'UNAUTHORIZED'

/** What the console says when the server does not accept the token it was given. */
export const TOKEN_REFUSED = 'The server refused the admin token. Check it (CHATBOT_ADMIN_TOKEN) and sign in again.'

/** A sentence for the person at the console; never a stack. */
export function describeError(error: unknown): string {
  switch (errorCode(error)) {
    case 'UNAUTHORIZED':
      return TOKEN_REFUSED
    case 'NOT_FOUND':
      return error instanceof Error && error.message ? error.message : 'Not found.'
    case 'BAD_REQUEST':
      return `The server refused the request: ${(error as Error).message}`
    case undefined:
      return 'The server could not be reached, or answered with something other than the admin API. Try again.'
    default:
      return (error as Error).message || 'The request failed.'
  }
}
