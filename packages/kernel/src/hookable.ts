import { Hookable, type HookCallback } from 'hookable'
import type { ChatbotHooks } from './hooks.js'

/** The hooks whose listeners return nothing to await: `turn:chunk`, `turn:event`, `envelope:mint`, `request:refused`. */
export type SyncHookName = { [N in keyof ChatbotHooks]: [ReturnType<ChatbotHooks[N]>] extends [void] ? N : never }[keyof ChatbotHooks]
type Args<N extends SyncHookName> = Parameters<ChatbotHooks[N]>
/** Takes a listener's throw; without one, the first throw stops the call and is rethrown. */
export type SyncHookErrorHandler = (error: unknown) => void

/**
 * Hookable that also keeps each hook's listeners in order, through its public methods only, and
 * calls the synchronous hooks (`turn:chunk`, `turn:event`, `envelope:mint`, `request:refused`)
 * in one loop: the per-token path snapshots its listeners once per turn and calls plain functions.
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

  hasListeners(name: keyof ChatbotHooks): boolean {
    return (this.#listeners.get(name)?.length ?? 0) > 0
  }

  /**
   * Calls the listeners of a synchronous hook in order, without awaiting anything, through
   * hookable (a host's `beforeEach`/`afterEach` sees the call, as every hook's).
   */
  callSync<N extends SyncHookName>(name: N, args: Args<N>, onError?: SyncHookErrorHandler): void {
    // hookable types the arguments through a helper it does not export; they are the listener's.
    const callWith = this.callHookWith as unknown as (caller: (listeners: HookCallback[]) => void, name: string, args: unknown[]) => void
    callWith((listeners) => callEach(listeners, args, onError), name, args)
  }

  /**
   * The listeners of `name` as they are now, as one function to call per token or per event
   * (no `beforeEach`: that would be a call per token); `undefined` when there are none.
   */
  syncCaller<N extends SyncHookName>(name: N, onError?: SyncHookErrorHandler): ((...args: Args<N>) => void) | undefined {
    const listeners = this.#listeners.get(name)
    if (!listeners?.length) return undefined
    const snapshot = [...listeners]
    return (...args) => callEach(snapshot, args, onError)
  }

  #forget(name: string, listener: HookCallback): void {
    const list = this.#listeners.get(name)
    const index = list?.indexOf(listener) ?? -1
    if (index !== -1) list!.splice(index, 1)
  }
}

function callEach(listeners: HookCallback[], args: readonly unknown[], onError: SyncHookErrorHandler | undefined): void {
  for (const listener of listeners) {
    if (!onError) listener(...args)
    else {
      try {
        listener(...args)
      } catch (error) {
        onError(error)
      }
    }
  }
}
