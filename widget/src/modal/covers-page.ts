/** Where the floating panel takes the whole screen: the phone layout's media query in widget.css. */
export const PHONE_LAYOUT = '(max-width: 480px)'

/**
 * Svelte action: tells `onChange` whether the phone layout applies (narrow screens, or a desktop
 * zoomed to 400 %), at once and on every change. While it does, the open floating panel covers
 * the page and is a modal dialog.
 */
export function coversPage(_node: Element, onChange: (covers: boolean) => void) {
  const query = matchMedia(PHONE_LAYOUT)
  const apply = () => onChange(query.matches)
  apply()
  query.addEventListener('change', apply)
  return {
    destroy() {
      query.removeEventListener('change', apply)
    },
  }
}
