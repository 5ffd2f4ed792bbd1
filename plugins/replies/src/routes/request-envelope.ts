import { type PluginApi } from '@chatbot-kit/kernel'
import { prepareRequestEnvelope } from '@chatbot-kit/kernel/plugin'
import type { H3Event } from 'h3'

/** A route's `prepare`, as history's (the kernel's `prepareRequestEnvelope`). */
export const prepareEnvelope = (api: PluginApi, event: H3Event, token: unknown, where: 'query parameter' | 'field'): string =>
  prepareRequestEnvelope((value) => api.verifyRequestEnvelope(value), event, token, where)

/** 204: nothing to resume. */
export const noContent = (): Response => new Response(null, { status: 204 })
