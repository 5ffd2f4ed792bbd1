/**
 * Svelte action: mirrors the visual viewport into `--_vv-height` / `--_vv-top` on `node`, so the
 * full-screen phone panel can shrink above the on-screen keyboard. iOS Safari does not resize
 * the layout viewport (nor `dvh`) for the keyboard; only `visualViewport` reports it.
 */
export function visualViewport(node: HTMLElement) {
  const viewport = window.visualViewport
  if (!viewport) return {}
  const apply = () => {
    node.style.setProperty('--_vv-height', `${viewport.height}px`)
    node.style.setProperty('--_vv-top', `${viewport.offsetTop}px`)
  }
  apply()
  viewport.addEventListener('resize', apply)
  viewport.addEventListener('scroll', apply)
  return {
    destroy() {
      viewport.removeEventListener('resize', apply)
      viewport.removeEventListener('scroll', apply)
    },
  }
}
