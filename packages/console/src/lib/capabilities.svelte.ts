import { capabilities as readCapabilities } from './api.js'
import { describeError } from './errors.js'
import type { Route } from './root.js'
import { session } from './session.svelte.js'
import { viewAvailable } from './views.js'

/**
 * What this server's admin API holds (its `capabilities`), read once signed in: the views, the
 * filters and the fields of plugins the server does not run are not shown.
 */
class Capabilities {
  /** Null until read. */
  procedures = $state<ReadonlySet<string> | null>(null)
  conversationFilters = $state<ReadonlySet<string>>(new Set())
  /** Why they could not be read. */
  problem = $state('')
  #loading = false

  async load(): Promise<void> {
    if (this.procedures || this.#loading) return
    this.#loading = true
    this.problem = ''
    try {
      const read = await readCapabilities()
      this.conversationFilters = new Set(read.conversationFilters)
      this.procedures = new Set(read.procedures)
    } catch (error) {
      if (!session.refused(error)) this.problem = describeError(error)
    } finally {
      this.#loading = false
    }
  }

  /** Whether the server has what `view` shows (false until read). */
  has(view: Route['view']): boolean {
    return this.procedures !== null && viewAvailable(view, this.procedures)
  }
}

export const capabilities = new Capabilities()
