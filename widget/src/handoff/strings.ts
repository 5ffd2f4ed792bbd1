import { parseStrings } from '../i18n/strings.js'

/** The handoff UI's texts, in English; translated through the widget's `strings` like the others. */
export const handoffEn = {
  talkToPerson: 'Talk to a person',
  handoffWaiting: 'Waiting for a person…',
  handoffJoined: '{name} joined',
  handoffBack: 'You are back with the assistant',
  handoffFailed: 'Could not reach a person. Try again.',
}

export type HandoffStrings = typeof handoffEn

export const handoffStrings = (value: unknown): HandoffStrings => ({ ...handoffEn, ...(parseStrings(value) as Partial<HandoffStrings>) })
