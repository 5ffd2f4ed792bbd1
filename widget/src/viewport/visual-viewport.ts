/**
 * Svelte action: mirrors the visual viewport's box into `--_vv-top`, `--_vv-left`, `--_vv-width`
 * and `--_vv-height` on `node`, so the full-screen phone panel fits what the user actually sees:
 * above the on-screen keyboard (iOS Safari resizes neither the layout viewport nor `dvh` for it)
 * and within the screen on pages that overflow sideways.
 */
export function visualViewport(node: HTMLElement) {
  const viewport = window.visualViewport
  if (!viewport) return {}
  const apply = () => {
    for (const [name, value] of Object.entries({ top: viewport.offsetTop, left: viewport.offsetLeft, width: viewport.width, height: viewport.height })) {
      node.style.setProperty(`--_vv-${name}`, `${value}px`)
    }
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
