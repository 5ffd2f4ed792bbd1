import { Hookable, type HookCallback } from 'hookable'
import type { ChatbotHooks } from './hooks.js'

/**
 * Hookable that also keeps each hook's listeners in order, through its public methods only, so
 * the per-token path can snapshot `turn:chunk` once per turn and call plain functions.
 */
export class KernelHooks extends Hookable<ChatbotHooks> {
  readonly #listeners = new Map<string, HookCallback[]>()

  override hook<N extends keyof ChatbotHooks>(name: N, listener: ChatbotHooks[N], options?: { allowDeprecated?: boolean }): () => void {
    // hookable types its listeners through a helper it does not export; they are the same functions.
    const unregister = super.hook(name, listener as never, options)
    if (typeof listener !== 'function') return unregister
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener as HookCallback])
    return () => {
      this.#forget(name, listener as HookCallback)
      unregister()
    }
  }

  override removeHook<N extends keyof ChatbotHooks>(name: N, listener: ChatbotHooks[N]): void {
    this.#forget(name, listener as HookCallback)
    super.removeHook(name, listener as never)
  }

  override clearHook<N extends keyof ChatbotHooks>(name: N): void {
    this.#listeners.delete(name)
    super.clearHook(name)
  }

  override removeAllHooks(): void {
    this.#listeners.clear()
    super.removeAllHooks()
  }

  /** The listeners of `name`, in the order they run. */
  listeners<N extends keyof ChatbotHooks>(name: N): ChatbotHooks[N][] {
    return [...(this.#listeners.get(name) ?? [])] as ChatbotHooks[N][]
  }

  #forget(name: string, listener: HookCallback): void {
    const list = this.#listeners.get(name)
    const index = list?.indexOf(listener) ?? -1
    if (index !== -1) list!.splice(index, 1)
  }
}
