type Choice = 'system' | 'light' | 'dark'
const KEY = 'chatbot-kit:console-theme'
const dark = matchMedia('(prefers-color-scheme: dark)')

/**
 * Light or dark: the system's, unless the toggle picked one (remembered on this device). Set as
 * `data-theme` on `<html>`, which the stylesheet reads; an attribute, not a style, for the CSP.
 */
class Theme {
  choice = $state<Choice>(read())
  #systemDark = $state(dark.matches)
  /** What is shown now; the charts redraw when it changes (a canvas does not follow CSS). */
  effective = $derived<'light' | 'dark'>(this.choice === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.choice)

  constructor() {
    dark.addEventListener('change', (event) => {
      this.#systemDark = event.matches
      this.#apply()
    })
    this.#apply()
  }

  toggle(): void {
    this.choice = this.effective === 'dark' ? 'light' : 'dark'
    this.#apply()
    try {
      localStorage.setItem(KEY, this.choice)
    } catch {
      // Storage off: the choice lasts until the page closes.
    }
  }

  // Set before anything reads the colors back (the charts), not in an effect that might run later.
  #apply(): void {
    document.documentElement.dataset.theme = this.effective
  }
}

function read(): Choice {
  try {
    const value = localStorage.getItem(KEY)
    return value === 'light' || value === 'dark' ? value : 'system'
  } catch {
    return 'system'
  }
}

export const theme = new Theme()
