/**
 * `@chatbot-kit/kernel/plugin`: what plugins build with and hosts do not need. The main entry
 * (`index.ts`) is the host's front door; it still re-exports these names for 1.x, deprecated.
 */
// A plugin route's request: the envelope checks of the kernel's routes, and a JSON body read by their rules (415, 413, 408, 422).
export { getRequestBody, getRequestEnvelope, prepareBodyEnvelope, prepareRequestEnvelope, setRequestEnvelope } from './http/request-envelope.js'
export { readJsonObject } from './body/index.js'
// What a plugin offers the reply to cite (`turn.sources`).
export type { ReplySource } from './turn/types.js'
// For plugins with a Redis side of their own (the replay log): the counters' fail-fast client options, their
// failure wording, and the optional-driver import (a typed error saying to install ioredis).
export { REDIS_FAIL_FAST, redisFailureReason, reportRedisOutages, type OutageWording } from '@chatbot-kit/stores'
export { importDriver } from './stores/index.js'
// The kernel's repository functions a plugin's own writes and reads go through.
export { insertMessage, listMessages, findConversationByPublicId, deleteConversation } from './storage/index.js'
// For plugins with tables and names of their own: the kernel's dialect test, timestamp format, paging and "did you mean".
export { dialectOf } from '@chatbot-kit/stores'
// For a plugin's migration that names our tables inside SQL text (a trigger, a function).
export { tableLayoutOf, type TableLayout } from '@chatbot-kit/stores'
export { toStoredTimestamp, fromStoredTimestamp } from './storage/timestamps.js'
export { createIdCursor } from './storage/id-cursor.js'
export { closest } from './config/closest.js'
export { startToolSpan, type ToolSpan } from './telemetry/index.js'
export { isUuid } from './text/uuid.js'
/** Kysely's `sql` from the kernel's bundled copy: plugins' own queries and migrations use it without loading Kysely again. */
export { sql } from 'kysely'
