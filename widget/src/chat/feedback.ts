import { clientError, RequestFailure, type WidgetError } from '../api/errors.js'
import { postFeedback, type Rating } from '../api/requests.js'
import type { ChatMessage } from './state.js'
import type { ChatControllerOptions } from './types.js'

export type { Rating } from '../api/requests.js'

/** A finished reply of the bot the server has stored: not the greeting, nor one streaming or cut by an error, nor a person's (`author`). Terse: widget.js is at its gzip budget. */
export const isRateable = (message: ChatMessage): boolean => !(message.role === 'user' || message.author || !message.id) && (message.status === 'complete' || message.status === 'stopped')

/**
 * Sends reply `id`'s rating, with the comment a "down" may carry (contract §9.4); a new rating
 * replaces the one before. Gives the failure, or null when the server took it.
 */
export async function sendRating(options: ChatControllerOptions, id: string, rating: Rating, comment?: string): Promise<WidgetError | null> {
  try {
    await postFeedback({ ...options, ...options.session(), messageId: id, rating, comment, csrfToken: options.csrfToken() })
    return null
  } catch (error) {
    return error instanceof RequestFailure ? error.error : clientError('internal_error')
  }
}
