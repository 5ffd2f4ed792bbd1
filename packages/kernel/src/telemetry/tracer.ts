import { trace } from '@opentelemetry/api'
import { packageVersion } from '../version.js'

/**
 * The kernel's one tracer, got once at import. Until the host registers an SDK this is the API's
 * proxy: its spans are non-recording no-ops, and it switches to the real tracer when one appears.
 */
export const tracer = trace.getTracer('chatbot-kit', packageVersion)
