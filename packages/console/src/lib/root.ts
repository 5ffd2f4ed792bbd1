import { isUuid } from '@chatbot-kit/kernel/uuid'

/** A view of the console, from the path after its root. */
export type Route =
  | { view: 'overview' }
  | { view: 'conversations' }
  | { view: 'transcript'; id: string }
  | { view: 'feedback' }
  | { view: 'approvals' }
  | { view: 'knowledge' }
  | { view: 'gaps' }
  | { view: 'inbox' }
  | { view: 'not-found' }

/**
 * The console's root as the browser sees it: the path up to its last `/admin` segment. Taken from
 * the page's own URL, so a host's `base` (or a proxy's prefix) needs no configuration; no route
 * of the console has an `admin` segment.
 */
export function consoleRoot(pathname: string): string {
  return /^(.*\/admin)(?:\/|$)/.exec(pathname)?.[1] ?? '/chatbot/admin'
}

/** The views at `/<name>`. */
const LIST_VIEWS = ['conversations', 'feedback', 'approvals', 'knowledge', 'gaps', 'inbox'] as const

/** The view a path under the root names (`/conversations/<id>`, …). */
export function routeOf(path: string): Route {
  const parts = path.split('/').filter(Boolean)
  const [first, second] = parts
  if (parts.length === 0) return { view: 'overview' }
  if (parts.length === 1 && LIST_VIEWS.includes(first as never)) return { view: first as (typeof LIST_VIEWS)[number] }
  if (parts.length === 2 && first === 'conversations' && isUuid(second)) return { view: 'transcript', id: second!.toLowerCase() }
  return { view: 'not-found' }
}

/** The path of a route under the root. */
export function pathOf(route: Route): string {
  switch (route.view) {
    case 'overview':
    case 'not-found':
      return '/'
    case 'transcript':
      return `/conversations/${route.id}`
    default:
      return `/${route.view}`
  }
}
