import { adminProcedure } from '../trpc.js'

/** What this server's admin API holds, for a client that adapts to it (the console shows a view only when its procedures are there). */
export interface AdminCapabilities {
  /** Every procedure by path (`conversations.list`, `feedback.list`…), the core's and the plugins', sorted. */
  procedures: string[]
  /** The fields plugins add to `conversations.list`'s input (`hasDownRating`). */
  conversationFilters: string[]
}

/** `capabilities`: what the composed router holds (read once it is composed). */
export const capabilitiesProcedure = (read: () => AdminCapabilities) => adminProcedure.query((): AdminCapabilities => read())
