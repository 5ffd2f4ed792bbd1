import type { Route } from './root.js'

/** A one-line message for the next view ("Conversation deleted."), announced politely; gone when the view changes. */
export const notice = $state<{ text: string; view: Route['view'] | null }>({ text: '', view: null })

export function announce(text: string, view: Route['view']): void {
  notice.text = text
  notice.view = view
}
