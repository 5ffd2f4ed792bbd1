import { errorFromResponse, networkError } from './errors.js'
import type { ChatbotTransportOptions, FetchLike } from './types.js'

/** The routes the transport calls, with the envelope, headers and credentials of every request. */
export interface ChatbotRequests {
  /** `POST {base}{path}` with `{ signed_context, ...body }`; the answer whatever its status. */
  post(path: string, body: Record<string, unknown>, init?: { headers?: HeadersInit; signal?: AbortSignal }): Promise<Response>
  /** `GET {base}{path}?signed_context=…`; the answer whatever its status. */
  get(path: string, init?: { headers?: HeadersInit; signal?: AbortSignal }): Promise<Response>
}

/** Throws the server's JSON error for a non-2xx answer; returns the answer otherwise. */
export async function expectOk(response: Response): Promise<Response> {
  if (!response.ok) throw await errorFromResponse(response)
  return response
}

export function createRequests(options: ChatbotTransportOptions): ChatbotRequests {
  const base = (options.base ?? '/chatbot').replace(/\/+$/, '')
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init))

  const envelope = async (): Promise<string> => (typeof options.signedContext === 'function' ? await options.signedContext() : options.signedContext)

  async function headers(extra: HeadersInit | undefined, json: boolean): Promise<Headers> {
    const own = typeof options.headers === 'function' ? await options.headers() : (options.headers ?? csrfFromPage(base))
    const result = new Headers(own)
    new Headers(extra).forEach((value, name) => result.set(name, value))
    if (json) result.set('content-type', 'application/json')
    return result
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, ...(options.credentials ? { credentials: options.credentials } : {}) })
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw networkError(error)
    }
  }

  return {
    async post(path, body, init = {}) {
      const payload = JSON.stringify({ ...body, signed_context: await envelope() })
      return send(`${base}${path}`, { method: 'POST', headers: await headers(init.headers, true), body: payload, ...(init.signal ? { signal: init.signal } : {}) })
    },
    async get(path, init = {}) {
      const url = `${base}${path}${path.includes('?') ? '&' : '?'}signed_context=${encodeURIComponent(await envelope())}`
      return send(url, { method: 'GET', headers: await headers(init.headers, false), ...(init.signal ? { signal: init.signal } : {}) })
    },
  }
}

/**
 * The page's CSRF token (`<meta name="csrf-token">`, what the `web` middleware checks), only for
 * a `base` on this page's origin: the token must not travel to another site.
 */
function csrfFromPage(base: string): Record<string, string> {
  if (typeof document === 'undefined' || !sameOrigin(base)) return {}
  const token = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')
  return token ? { 'X-CSRF-TOKEN': token } : {}
}

/** Whether `base` resolves to this page's origin, as the browser resolves it (`/\host` is another host). */
function sameOrigin(base: string): boolean {
  try {
    return new URL(base, document.baseURI).origin === new URL(document.baseURI).origin
  } catch {
    return false
  }
}
