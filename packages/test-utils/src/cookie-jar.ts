/** One `Set-Cookie` line: attribute names lower-cased, flags (`HttpOnly`) as `true`. */
export interface SetCookieLine {
  name: string
  value: string
  attributes: Record<string, string | true>
}

/**
 * Cookies for `fetch` across requests to one origin, the way a browser would keep them for a
 * test: domain and path are ignored, `Max-Age=0` or an `Expires` in the past removes a cookie.
 */
export interface CookieJar {
  /** `fetch` sending the jar's cookies (unless `init.headers` has its own `cookie`) and keeping the response's. */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>
  /** Keeps every `Set-Cookie` of the response and returns them parsed. */
  store(response: Response): SetCookieLine[]
  get(name: string): string | undefined
  set(name: string, value: string): void
  delete(name: string): void
  /** The `Cookie` request header for the current cookies (`''` when empty). */
  header(): string
}

export function parseSetCookie(line: string): SetCookieLine {
  const [pair = '', ...parts] = line.split(';')
  const equals = pair.indexOf('=')
  const attributes: Record<string, string | true> = {}
  for (const part of parts) {
    const at = part.indexOf('=')
    if (at === -1) attributes[part.trim().toLowerCase()] = true
    else attributes[part.slice(0, at).trim().toLowerCase()] = part.slice(at + 1).trim()
  }
  return { name: pair.slice(0, equals).trim(), value: decodeURIComponent(pair.slice(equals + 1).trim()), attributes }
}

export function createCookieJar(initial: Record<string, string> = {}): CookieJar {
  const cookies = new Map(Object.entries(initial))
  const jar: CookieJar = {
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers)
      if (!headers.has('cookie') && cookies.size > 0) headers.set('cookie', jar.header())
      const response = await fetch(url, { ...init, headers })
      jar.store(response)
      return response
    },
    store(response) {
      const lines = response.headers.getSetCookie().map(parseSetCookie)
      for (const line of lines) {
        const expires = line.attributes.expires
        const expired = line.attributes['max-age'] === '0' || (typeof expires === 'string' && Date.parse(expires) <= Date.now())
        if (expired) cookies.delete(line.name)
        else cookies.set(line.name, line.value)
      }
      return lines
    },
    get: (name) => cookies.get(name),
    set: (name, value) => void cookies.set(name, value),
    delete: (name) => void cookies.delete(name),
    header: () => [...cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
  }
  return jar
}
