/** What a tab tells the others showing the same conversation: it started a reply, or its reply ended. */
export type TabNews = 'reply' | 'ended'

export interface TabLink {
  post(news: TabNews): void
  close(): void
}

/**
 * Links the tabs of one browser that show the same channel of the same chatbot (the stored
 * conversation id is shared through `localStorage`), over a BroadcastChannel named for both.
 * The news is only a nudge: each tab reloads the conversation from the server, which is the
 * truth. Without BroadcastChannel (old browsers, some embedded views) the link carries nothing.
 */
export function linkTabs(endpoint: string, channel: string, onNews: (news: TabNews) => void): TabLink {
  if (typeof BroadcastChannel !== 'function') return { post() {}, close() {} }
  const link = new BroadcastChannel(`chatbot:${endpoint}:${channel}`)
  link.onmessage = (event: MessageEvent<TabNews>) => onNews(event.data)
  return { post: (news) => link.postMessage(news), close: () => link.close() }
}
