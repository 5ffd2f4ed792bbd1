import type { Chatbot } from '@chatbot-kit/kernel'

/** Whether the admin API is on at all: an `admin.token` or an `authorize` check is set. */
export const adminEnabled = (chatbot: Chatbot): boolean => Boolean(chatbot.config.admin.token) || chatbot.authorizer !== undefined
