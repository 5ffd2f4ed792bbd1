/** What Tab can reach in the panel (disabled and hidden ones are filtered out). */
const TABBABLE = 'a[href],button,textarea,[tabindex="0"]'

/**
 * Keeps Tab inside `container` (a modal dialog): Tab from its last tabbable element goes to the
 * first, Shift+Tab from the first to the last. Everything between is the browser's own order.
 */
export function wrapFocus(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const tabbable = [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => !(element as HTMLButtonElement).disabled && element.checkVisibility())
  const [first, last] = event.shiftKey ? [tabbable.at(-1), tabbable[0]] : [tabbable[0], tabbable.at(-1)]
  if ((container.getRootNode() as Document | ShadowRoot).activeElement !== last) return
  event.preventDefault()
  first?.focus()
}
