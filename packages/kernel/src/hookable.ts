import { Hookable } from 'hookable'
import type { ChatbotHooks } from './hooks.js'

/** Hookable plus listener introspection, so the per-token path can call plain functions. */
export class KernelHooks extends Hookable<ChatbotHooks> {
  listeners<N extends keyof ChatbotHooks>(name: N): ChatbotHooks[N][] {
    return ((this as unknown as { _hooks: Record<string, unknown[] | undefined> })._hooks[name] ?? []) as ChatbotHooks[N][]
  }
}
