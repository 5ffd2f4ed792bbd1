// `chatbot-kit/plugin`: what a plugin builds with (request envelopes, the kernel's repository
// functions, timestamps, Kysely's `sql`, …), for a plugin that depends on chatbot-kit alone.
export * from '@chatbot-kit/kernel/plugin'
