const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/**
 * The normalised href for a link destination, or null when it is not an absolute http, https
 * or mailto URL. Browsers' URL parsing drops tabs and newlines anywhere and trims control
 * characters and spaces, so `java\tscript:` would run as `javascript:`; they are removed before
 * the scheme is judged. Entities are never decoded here (the renderer sets attributes, not
 * HTML), so `&#106;avascript:` is just a string with no allowed scheme.
 */
export function safeHref(destination: string): string | null {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = destination.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (!/^(?:https?|mailto):/i.test(cleaned)) return null
  try {
    const url = new URL(cleaned)
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}
