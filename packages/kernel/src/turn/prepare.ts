import type { KernelRuntime } from '../runtime.js'
import { assembleSystemPrompt, collectServerSections } from './context.js'
import type { TurnContext } from './turn.js'

/**
 * What every turn does before its prompt is built, a message's and a continuation's alike:
 * `turn:start`, the server's context sections, `turn:context`, then the system prompt.
 */
export async function prepareTurn(runtime: KernelRuntime, turn: TurnContext): Promise<void> {
  await runtime.hooks.callHook('turn:start', turn)
  turn.sections = await collectServerSections(runtime, turn)
  await runtime.hooks.callHook('turn:context', turn)
  assembleSystemPrompt(runtime, turn)
}
