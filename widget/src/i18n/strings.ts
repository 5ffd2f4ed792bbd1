/**
 * Every text the widget shows or announces, in English. Hosts translate through the `strings`
 * property or `setStrings(partial)`; `{name}` placeholders are filled by `format`.
 */
export const en = {
  title: 'Chat',
  openChat: 'Open chat',
  closeChat: 'Close chat',
  inputLabel: 'Message',
  placeholder: 'Type a message…',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  you: 'You',
  assistant: 'Assistant',
  loading: 'Loading the conversation…',
  thinking: 'Thinking…',
  stopped: 'Stopped',
  toolRunning: 'Using {name}…',
  toolDone: 'Used {name}',
  toolFailed: '{name} failed',
  errorNetwork: 'The connection was lost. Check your network and try again.',
  errorSession: 'This chat session has expired. Reload the page to continue.',
  errorThrottled: 'Too many messages at once. Wait a moment, then try again.',
  errorTooLong: 'That message is too long. Shorten it and try again.',
  errorInvalid: 'That message could not be sent.',
  errorQuota: 'You have reached today’s message limit. Try again tomorrow.',
  errorTimeout: 'The reply took too long. Try again.',
  errorUnavailable: 'The assistant is unavailable right now. Try again in a moment.',
  errorGeneric: 'Something went wrong. Try again.',
}

export type WidgetStrings = typeof en
export type StringKey = keyof WidgetStrings

/** English, overlaid with the string-valued entries of `overrides` whose keys the widget knows. */
export function resolveStrings(overrides: unknown): WidgetStrings {
  const strings = { ...en }
  if (typeof overrides !== 'object' || overrides === null) return strings
  for (const [key, value] of Object.entries(overrides)) {
    if (Object.hasOwn(en, key) && typeof value === 'string') strings[key as StringKey] = value
  }
  return strings
}

/** Fills `{name}`-style placeholders; unknown ones stay as written. */
export const format = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (match, key: string) => (Object.hasOwn(values, key) ? values[key]! : match))
