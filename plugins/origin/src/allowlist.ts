import { isIP } from 'node:net'

/** One `origins` entry: an exact origin, or every subdomain of a domain (`https://*.example.com`). */
export type OriginRule = { exact: string } | { protocol: string; port: string; suffix: string }

// Scheme, `://`, a host with an optional port, and nothing after it: no path, query, fragment or user.
const ORIGIN_SHAPE = /^(https?):\/\/([^/?#@\\\s]+)$/i

/** The rule an entry stands for, or why it is not an origin (for the config error). */
export function parseOriginEntry(entry: string): OriginRule | { problem: string } {
  const shape = ORIGIN_SHAPE.exec(entry)
  if (!shape) return { problem: `expected an origin such as "https://shop.example.com" (http or https, no path, no trailing /), got ${JSON.stringify(entry)}` }
  const [, scheme, host] = shape as unknown as [string, string, string]
  const wildcard = host.startsWith('*.')
  const rest = wildcard ? host.slice(2) : host
  if (rest.includes('*')) return { problem: `a wildcard is only allowed as the whole first label, as in "https://*.example.com", got ${JSON.stringify(entry)}` }
  let url: URL
  try {
    url = new URL(`${scheme}://${rest}`)
  } catch {
    return { problem: `expected an origin such as "https://shop.example.com", got ${JSON.stringify(entry)}` }
  }
  if (!wildcard) return { exact: url.origin }
  // `*.com` or `*.10.0.0.1` would be a whole top-level domain or nothing sensible: refused.
  if (url.hostname.startsWith('[') || isIP(url.hostname) !== 0 || !url.hostname.includes('.')) {
    return { problem: `a wildcard needs a domain of at least two labels after it, as in "https://*.example.com", got ${JSON.stringify(entry)}` }
  }
  return { protocol: url.protocol, port: url.port, suffix: `.${url.hostname}` }
}

/** The rules of a checked `origins` list (the config check already refused bad entries). */
export function compileAllowlist(entries: readonly string[]): OriginRule[] {
  return entries.map((entry) => {
    const rule = parseOriginEntry(entry)
    if ('problem' in rule) throw new TypeError(rule.problem)
    return rule
  })
}

/**
 * Whether an `Origin` header is on the list. Browsers send the serialized origin (lowercase host,
 * no default port); anything else (`null` from a sandboxed frame or a file, a path) matches nothing.
 * A wildcard matches subdomains at any depth, never the domain itself, with the same scheme and port.
 */
export function isOriginAllowed(rules: readonly OriginRule[], origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false
  return rules.some((rule) =>
    'exact' in rule ? rule.exact === origin : url.protocol === rule.protocol && url.port === rule.port && url.hostname.endsWith(rule.suffix),
  )
}
