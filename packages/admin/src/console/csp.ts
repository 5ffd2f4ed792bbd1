/**
 * The Content-Security-Policy of every console response: its own script, stylesheet and API and
 * nothing else; no inline code or style, no eval, no framing. `data:` images are uPlot's and the
 * empty favicon's. docs/admin.md shows it to hosts whose proxy sets its own.
 */
export const CONSOLE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

/** Headers of every console response besides its type and caching. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'referrer-policy': 'no-referrer',
}
