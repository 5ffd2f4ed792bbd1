/**
 * Every text the widget shows or announces, in English. Hosts translate through the `strings`
 * property or `setStrings(partial)`; `{name}` placeholders are filled by `format`.
 */
export const en = {
  title: 'Chat',
  openChat: 'Open chat',
  closeChat: 'Close chat',
  conversation: 'Conversation',
  inputLabel: 'Message',
  placeholder: 'Type a message…',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  reload: 'Reload',
  you: 'You',
  assistant: 'Assistant',
  loading: 'Loading the conversation…',
  thinking: 'Thinking…',
  stopped: 'Stopped',
  sources: 'Sources',
  reconnecting: 'Connection lost. Reconnecting…',
  toolRunning: 'Using {name}…',
  toolDone: 'Used {name}',
  toolFailed: '{name} failed',
  toolDenied: 'Declined {name}',
  approvalNeeded: 'The assistant needs your approval.',
  approve: 'Approve',
  deny: 'Deny',
  approveAll: 'Approve all',
  denyAll: 'Deny all',
  approvalExpired: 'That request expired, so nothing ran.',
  approvalDecided: 'That request was already answered.',
  rateReply: 'Rate this reply',
  rateUp: 'Good reply',
  rateDown: 'Bad reply',
  feedbackComment: 'What went wrong? (optional)',
  skip: 'Skip',
  feedbackThanks: 'Thanks for your feedback.',
  feedbackFailed: 'Your feedback could not be sent. Try again.',
  menu: 'More options',
  download: 'Download conversation',
  errorNetwork: 'Connection lost. Check your network and try again.',
  errorSession: 'This chat session has expired. Reload the page to continue.',
  errorThrottled: 'Too many messages. Wait a moment and try again.',
  errorTooLong: 'That message is too long. Shorten it and try again.',
  errorInvalid: 'That message could not be sent.',
  errorQuota: 'You have reached today’s message limit.',
  errorTimeout: 'The reply took too long. Try again.',
  errorUnavailable: 'The assistant is unavailable. Try again soon.',
  errorGeneric: 'Something went wrong. Try again.',
}

export type WidgetStrings = typeof en
export type StringKey = keyof WidgetStrings

/**
 * The string-valued entries of a `strings` value: an object set as a property, or JSON
 * given as the attribute. Malformed JSON counts as no translations rather than breaking the widget.
 */
export function parseStrings(value: unknown): Partial<WidgetStrings> {
  let source = value
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source)
    } catch {
      return {}
    }
  }
  return Object.fromEntries(Object.entries(source ?? {}).filter(([, text]) => typeof text === 'string'))
}

/** English, overlaid with the host's translations. */
export const resolveStrings = (value: unknown): WidgetStrings => ({ ...en, ...parseStrings(value) })

/** Fills `{name}`-style placeholders; unknown ones stay as written. */
export const format = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? values[key]! : match))
