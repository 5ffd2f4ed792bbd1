import type { H3Event } from 'h3'

interface Logger {
  warn(message: string): void
}

/**
 * With `trustProxy` on, every request should come through a proxy that appends to
 * `X-Forwarded-For`. One without the header did not: either the app is reachable directly or the
 * proxy does not set it (nginx's `proxy_pass` alone), and then a client that sends the header
 * itself picks its own address and bucket. Said once per process, on the first such request.
 */
export function createForwardedCheck(logger: Logger): (event: H3Event, route: string) => void {
  let warned = false
  return (event, route) => {
    if (warned || event.req.headers.has('x-forwarded-for')) return
    warned = true
    logger.warn(
      `throttle.trustProxy is on, but a request to ${route} arrived without X-Forwarded-For: the proxy in front does not set it (or the app is reachable directly), so clients can pick their own address. ` +
        'Set it in the proxy (nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;), or turn trustProxy off. See docs/limits.md.',
    )
  }
}
