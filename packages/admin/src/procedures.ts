// `@chatbot-kit/admin/procedures`: what a plugin's admin module builds its procedures with. It loads
// tRPC, so import it only from the module a plugin's `admin` field loads, never at start-up.
export { adminProcedure, router } from './trpc.js'
export { defineAdminContribution } from './contributions/contribution.js'
export { dayRange, fail, inputSchema, listInputRange, object, optionalBoolean, optionalDay, optionalInstant, optionalInteger, optionalString, pageOf, requiredString, uuid, withCursorCheck, type InputSchema, type ListPageInput } from './validate.js'
export { fencedBlock, inlineCode, quotedLines } from './transcript/markdown-syntax.js'
