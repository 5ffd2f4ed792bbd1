import { getRequestIP, type H3Event } from 'h3'

/**
 * The address a request is throttled by: the socket's, unless `trustProxy` says proxies sit in
 * front. Then it is the `X-Forwarded-For` entry appended by the outermost trusted proxy, counted
 * from the right: every entry left of it was written by the client and can be forged.
 */
export function clientAddress(event: H3Event, trustProxy: boolean | number): string {
  const socket = getRequestIP(event) ?? 'unknown'
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : trustProxy
  if (hops === 0) return normalize(socket)
  const forwarded = (event.req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  // Nearest first: our socket peer, then each proxy's view of the one before it.
  const chain = [socket, ...forwarded.reverse()]
  return normalize(chain[Math.min(hops, chain.length - 1)]!)
}

/** One form per address (`::ffff:10.0.0.1` is `10.0.0.1`), and a bound on what a header can put in a key. */
function normalize(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '').slice(0, 64)
}
