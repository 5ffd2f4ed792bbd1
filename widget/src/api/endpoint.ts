/**
 * The base URL of the chatbot routes, always ending in `/`. An `endpoint` attribute wins
 * (relative values resolve against the page); else the folder the script was served from,
 * which is `/chatbot/` when the server serves `/chatbot/widget.js`.
 */
export function resolveEndpoint(attribute: string | null | undefined, scriptUrl: string, pageUrl: string): string {
  const url = attribute ? new URL(attribute, pageUrl) : new URL('.', scriptUrl)
  if (!url.pathname.endsWith('/')) url.pathname += '/'
  return url.href
}

export const messagesUrl = (endpoint: string): string => new URL('messages', endpoint).href

/** `messages/{id}/feedback`: a reply's rating (contract §9.4). */
export const feedbackUrl = (endpoint: string, messageId: string): string => new URL(`messages/${encodeURIComponent(messageId)}/feedback`, endpoint).href

/** `conversations/{id}/{route}`, with the envelope in the query when given (the GET routes). */
export function conversationUrl(endpoint: string, conversationId: string, route: 'messages' | 'stream' | 'stop' | `approvals/${string}`, token?: string): string {
  const url = new URL(`conversations/${encodeURIComponent(conversationId)}/${route}`, endpoint)
  if (token) url.searchParams.set('signed_context', token)
  return url.href
}

export const historyUrl = (endpoint: string, conversationId: string, token: string): string => conversationUrl(endpoint, conversationId, 'messages', token)
