/**
 * Svelte attachment for a box with `overflow: auto`: while its content overflows it, the box is a
 * tab stop (`tabindex="0"`), so a keyboard user can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1, axe's `scrollable-region-focusable`); while everything fits, it is not one.
 */
export function focusableWhileScrolling(box: HTMLElement): () => void {
  const update = () => {
    if (box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth) box.tabIndex = 0
    else box.removeAttribute('tabindex')
  }
  // The box changes size when it is shown (an opened <details>) or the window narrows; its
  // content when rows come in: watch both.
  const observer = new ResizeObserver(update)
  observer.observe(box)
  for (const child of box.children) observer.observe(child)
  update()
  return () => observer.disconnect()
}
