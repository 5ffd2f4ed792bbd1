import { consoleRoot, pathOf, routeOf, type Route } from './root.js'

/** The console's root path, e.g. `/chatbot/admin`. */
export const root = consoleRoot(location.pathname)

/** `href` of a route, for links. */
export const hrefOf = (route: Route): string => `${root}${pathOf(route)}`

/** The current view, from the History API: links under the root change it without a page load. */
class Router {
  route = $state<Route>(routeOf(location.pathname.slice(root.length)))
  /** Set after the first navigation: the view then moves focus to its heading. */
  navigated = $state(false)

  constructor() {
    addEventListener('popstate', () => this.#sync())
    document.addEventListener('click', (event) => this.#intercept(event))
  }

  go(route: Route, options: { replace?: boolean } = {}): void {
    const href = hrefOf(route)
    if (options.replace) history.replaceState(null, '', href)
    else history.pushState(null, '', href)
    this.#sync()
  }

  #sync(): void {
    this.route = routeOf(location.pathname.slice(root.length))
    this.navigated = true
  }

  /** A plain left click on a link inside the console stays in the page. */
  #intercept(event: MouseEvent): void {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a[href]')
    // In-page anchors (the skip link) keep their native behaviour.
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute('download') || link.getAttribute('href')!.startsWith('#')) return
    const url = new URL(link.href)
    if (url.origin !== location.origin || (url.pathname !== root && !url.pathname.startsWith(`${root}/`))) return
    event.preventDefault()
    if (url.pathname === location.pathname) return
    history.pushState(null, '', url.pathname)
    this.#sync()
  }
}

export const router = new Router()
