import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import type { Chatbot, Turn } from '@chatbot-kit/kernel'

/** A Standard Schema (zod, valibot, …), only the part we call, plus its phantom output type. */
export interface StandardSchemaLike<Output = unknown> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    validate(value: unknown): { value?: unknown; issues?: ReadonlyArray<{ message: string }> } | Promise<{ value?: unknown; issues?: ReadonlyArray<{ message: string }> }>
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined
  }
}

/** What a tool's `parameters` may be: a JSON Schema object or a Standard Schema. */
export type ToolParameters = Readonly<Record<string, unknown>> | StandardSchemaLike

/**
 * The handler's arguments for a tool's `parameters`: a Standard Schema's output type; a JSON
 * Schema's type when it is written literally (`as const`, or inline in `defineTool`); else a plain object.
 */
export type ToolArguments<P> =
  P extends StandardSchemaLike<infer Output>
    ? Output
    : string extends keyof P
      ? Record<string, unknown>
      : P extends JSONSchema
        ? FromSchema<P>
        : Record<string, unknown>

export interface ToolContext {
  turn: Turn
  callId: string
  signal: AbortSignal
}

/** Decides per call whether it waits for the user (true: ask). Written as a method so a typed tool stays a `ChatbotTool`. */
export type ApprovalCheck<Args> = { check(args: Args, context: ToolContext): boolean | Promise<boolean> }['check']

/** A tool the model may call. `timeout` is advisory, in seconds. */
export interface ChatbotTool<Args = Record<string, unknown>> {
  name: string
  description: string
  /** JSON Schema of the arguments object, or a Standard Schema (then `jsonSchema` is sent to the provider). */
  parameters: ToolParameters
  /** The JSON Schema sent to the provider for a Standard Schema that cannot describe itself (valibot). */
  jsonSchema?: Record<string, unknown>
  /** Advisory seconds per call: measured and recorded (`overran`), not enforced. Default `tools.defaultTimeout`. */
  timeout?: number
  /** The most bytes of this tool's arguments. Default `tools.defaultMaxArgLength`. */
  maxArgLength?: number
  /** Store every invocation as a `ToolInvocation` record (see docs/tools.md). Default `false`. */
  persist?: boolean
  /**
   * Whether a call waits for the user's approval: `'auto'` (default) runs it, `'required'` asks
   * first, a function decides per call (true: ask). A channel's `toolApproval` beats it.
   */
  approval?: 'auto' | 'required' | ApprovalCheck<Args>
  /**
   * For a tool a plugin builds in (handoff's `request_handoff`): offered to a turn when this says
   * so, whatever the channel's `allowedTools` says. Unset: `allowedTools` decides.
   */
  offered?: (turn: Turn) => boolean
  /** Send the (capped) result the model saw to the browser in `tool_finished.result`. Default `false`. */
  clientVisible?: boolean
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

// The registry on the facade (`chatbot.tools()`), which the plugin provides.
declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** The registered tools: `tools.definitions`, then those registered since (the tools plugin). */
    tools(): ChatbotTool[]
    /** Adds a tool, replacing one of the same name. */
    registerTool(tool: ChatbotTool): Chatbot
    /** Removes every registered tool, those of `tools.definitions` included. */
    clearTools(): Chatbot
  }
}

/** A tool whose handler's arguments are typed from its `parameters` (zod, valibot, or a literal JSON Schema). */
export const defineTool = <const P extends ToolParameters>(tool: ChatbotTool<ToolArguments<P>> & { parameters: P }): ChatbotTool<ToolArguments<P>> => tool
