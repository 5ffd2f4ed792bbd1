import { hasAccess } from '../access.js'
import { publicProcedure } from '../trpc.js'

/**
 * Whether this request's credentials (its bearer token, or the host's `authorize`) open the admin
 * API: what the console asks on load and at sign-in. It answers `{ signedIn: false }` rather than
 * UNAUTHORIZED, so a console that is not signed in yet makes no failing request (browsers log
 * every 4xx as an error). It reveals nothing a refused `health` call would not.
 */
export const sessionProcedure = publicProcedure.query(async ({ ctx }) => ({ signedIn: ctx.trusted === true || (await hasAccess(ctx.chatbot, ctx.event)) }))
