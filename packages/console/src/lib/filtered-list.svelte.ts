import { Pager, type Page } from './pager.svelte.js'

/**
 * A list view's filters as last applied. Created in the view's `<script module>`, so they outlive
 * the view while the console is open: back from a transcript, the list is as it was left.
 */
export class KeptFilters<F extends object> {
  applied = $state() as F
  readonly empty: () => F

  constructor(empty: () => F) {
    this.empty = empty
    this.applied = empty()
  }
}

/**
 * A paged list behind a filter form: `form` as typed, applied on submit (`apply`) or emptied
 * (`reset`); the first page loads at once and again on each.
 */
export class FilteredList<F extends object, I> {
  form = $state() as F
  readonly pager: Pager<I>
  readonly #kept: KeptFilters<F>

  constructor(kept: KeptFilters<F>, fetch: (applied: F, cursor: string | null) => Promise<Page<I>>) {
    this.#kept = kept
    this.form = { ...kept.applied }
    this.pager = new Pager((cursor) => fetch(kept.applied, cursor))
    void this.pager.first()
  }

  apply = (event: SubmitEvent): void => {
    event.preventDefault()
    this.#kept.applied = { ...this.form }
    void this.pager.first()
  }

  reset = (): void => {
    this.form = this.#kept.empty()
    this.#kept.applied = this.#kept.empty()
    void this.pager.first()
  }
}
