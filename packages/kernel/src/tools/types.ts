import type { Turn } from '../turn/types.js'

/** A Standard Schema (zod, valibot, …), only the part we call. */
export interface StandardSchemaLike {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    validate(value: unknown): { value?: unknown; issues?: ReadonlyArray<{ message: string }> } | Promise<{ value?: unknown; issues?: ReadonlyArray<{ message: string }> }>
  }
}

export interface ToolContext {
  turn: Turn
  callId: string
  signal: AbortSignal
}

/** A tool the model may call. `timeout` is advisory, in seconds. */
export interface ChatbotTool<Args = Record<string, unknown>> {
  name: string
  description: string
  /** JSON Schema of the arguments object, or a Standard Schema (then `jsonSchema` is sent to the provider). */
  parameters: Record<string, unknown> | StandardSchemaLike
  jsonSchema?: Record<string, unknown>
  timeout?: number
  maxArgLength?: number
  handler(args: Args, context: ToolContext): unknown | Promise<unknown>
}

/** A tool whose every invocation is stored as a `ToolInvocation` record. */
export interface PersistableTool<Args = Record<string, unknown>> extends ChatbotTool<Args> {
  persist: true
}

export interface ToolInvocation {
  id: string
  conversationId: string
  toolName: string
  arguments: unknown
  result: string | null
  error: string | null
  startedAt: string
  finishedAt: string | null
  durationMs: number | null
  overran: boolean
}
