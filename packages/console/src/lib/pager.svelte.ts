import { describeError } from './errors.js'
import { session } from './session.svelte.js'

export interface Page<I> {
  items: I[]
  nextCursor: string | null
}

/**
 * A cursor-paged list (`{ items, nextCursor }`): first, next and previous pages, with the answer to
 * the latest request only (a slow earlier one is dropped).
 */
export class Pager<I> {
  items = $state<I[]>([])
  loading = $state(false)
  error = $state('')
  /** Whether `next()` and `previous()` have somewhere to go. */
  hasNext = $state(false)
  hasPrevious = $state(false)
  #fetch: (cursor: string | null) => Promise<Page<I>>
  #before: (string | null)[] = []
  #current: string | null = null
  #next: string | null = null
  #request = 0

  constructor(fetch: (cursor: string | null) => Promise<Page<I>>) {
    this.#fetch = fetch
  }

  first(): Promise<void> {
    this.#before = []
    return this.#load(null)
  }

  next(): Promise<void> {
    this.#before.push(this.#current)
    return this.#load(this.#next)
  }

  previous(): Promise<void> {
    return this.#load(this.#before.pop() ?? null)
  }

  /** The current page again, without the loading state (a poll: nothing flickers or is announced). */
  refresh(): Promise<void> {
    // A page being loaded on request wins over the poll.
    if (this.loading) return Promise.resolve()
    return this.#load(this.#current, { quiet: true })
  }

  async #load(cursor: string | null, { quiet = false } = {}): Promise<void> {
    const request = ++this.#request
    this.loading = !quiet
    this.error = ''
    try {
      const page = await this.#fetch(cursor)
      if (request !== this.#request) return
      this.items = page.items
      this.#current = cursor
      this.#next = page.nextCursor
    } catch (error) {
      if (request !== this.#request || session.refused(error)) return
      // A failed page shows no stale rows under its error.
      this.items = []
      this.#next = null
      this.error = describeError(error)
    } finally {
      if (request === this.#request) {
        this.loading = false
        this.hasNext = this.#next !== null
        this.hasPrevious = this.#before.length > 0
      }
    }
  }
}
