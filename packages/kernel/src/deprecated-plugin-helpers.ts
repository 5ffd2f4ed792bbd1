import * as forPlugins from './for-plugins.js'

// 1.1 exported the plugins' helpers from the main entry; they stay here for 1.x and go in 2.0.

/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const getRequestBody = forPlugins.getRequestBody
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const getRequestEnvelope = forPlugins.getRequestEnvelope
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const prepareBodyEnvelope = forPlugins.prepareBodyEnvelope
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const prepareRequestEnvelope = forPlugins.prepareRequestEnvelope
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const setRequestEnvelope = forPlugins.setRequestEnvelope
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const readJsonObject = forPlugins.readJsonObject
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const REDIS_FAIL_FAST = forPlugins.REDIS_FAIL_FAST
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const redisFailureReason = forPlugins.redisFailureReason
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const reportRedisOutages = forPlugins.reportRedisOutages
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export type OutageWording = forPlugins.OutageWording
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const importDriver = forPlugins.importDriver
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const insertMessage = forPlugins.insertMessage
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const listMessages = forPlugins.listMessages
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const findConversationByPublicId = forPlugins.findConversationByPublicId
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const deleteConversation = forPlugins.deleteConversation
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const dialectOf = forPlugins.dialectOf
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const tableLayoutOf = forPlugins.tableLayoutOf
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export type TableLayout = forPlugins.TableLayout
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const toStoredTimestamp = forPlugins.toStoredTimestamp
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const fromStoredTimestamp = forPlugins.fromStoredTimestamp
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const createIdCursor = forPlugins.createIdCursor
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const closest = forPlugins.closest
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const startToolSpan = forPlugins.startToolSpan
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export type ToolSpan = forPlugins.ToolSpan
/** @deprecated Import it from `@chatbot-kit/kernel/plugin` (UPGRADING.md). */
export const sql = forPlugins.sql

