/** Where a provider client sends its requests, and how its log lines name that place. */
export interface ProviderEndpoint {
  /** The request URL: the base URL and the API's path. */
  url: string
  /** The request URL for a log: without user info or query, which may hold a secret. */
  shown: string
  /** The base URL for a log, likewise, without a trailing slash. */
  shownBase: string
  /** `host:port`, the default port filled in: what a refused connection names. */
  host: string
}

/** What is wrong with a provider base URL, or `undefined`: it must parse and be `http:` or `https:`. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return `expected an absolute http:// or https:// URL, got ${JSON.stringify(value)}`
  }
  // `htps://host` parses; it would only fail on each request, and read as a transient network error.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `expected an http:// or https:// URL, got ${JSON.stringify(`${url.protocol}//${url.host}`)}`
  return undefined
}

/** The endpoint of `path` (`/chat/completions`) under `baseUrl`; a base URL that is not http(s) is a `TypeError`. */
export function createProviderEndpoint(baseUrl: string, path: string): ProviderEndpoint {
  const problem = baseUrlProblem(baseUrl)
  if (problem) throw new TypeError(`Provider baseUrl: ${problem}.`)
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`
  const parsed = new URL(url)
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80')
  return { url, shown: forLog(parsed), shownBase: forLog(new URL(baseUrl)), host: `${parsed.hostname}:${port}` }
}

function forLog(url: URL): string {
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
