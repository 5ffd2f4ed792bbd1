import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startCaddy, startHaproxy, startNginx, type ProxyName, type RunningProxy } from '@chatbot-kit/test-utils'

// The proxy configs docs/deployment.md shows are these files; the tests run them as they are,
// with only the two addresses changed: where the proxy listens and where the chatbot does.
const EXAMPLES = new URL('../../../../docs/examples/proxies/', import.meta.url)

export const EXAMPLE_FILES: Record<ProxyName, string> = { nginx: 'nginx.conf', caddy: 'Caddyfile', haproxy: 'haproxy.cfg' }

const LISTEN: Record<ProxyName, [RegExp, (port: number) => string]> = {
  nginx: [/^ {2}listen 8080;$/m, (port) => `  listen 127.0.0.1:${port};`],
  caddy: [/^:8080 \{$/m, (port) => `http://127.0.0.1:${port} {`],
  haproxy: [/^ {2}bind :8080$/m, (port) => `  bind 127.0.0.1:${port}`],
}

/** The example config of `proxy`, listening on `port` and forwarding to `upstream` (`host:port`). */
export function exampleConfig(proxy: ProxyName, port: number, upstream: string): string {
  const text = readFileSync(fileURLToPath(new URL(EXAMPLE_FILES[proxy], EXAMPLES)), 'utf8')
  const [listen, at] = LISTEN[proxy]
  // A docs edit that moves either address must fail here, not test a config nobody shows.
  if (!listen.test(text) || !text.includes('127.0.0.1:3000')) throw new Error(`${EXAMPLE_FILES[proxy]}: the listen address or 127.0.0.1:3000 moved`)
  return text.replace(listen, at(port)).replaceAll('127.0.0.1:3000', upstream)
}

/** Starts `proxy` from its docs example in front of the chatbot at `upstream`. */
export function startExampleProxy(proxy: ProxyName, upstream: string): Promise<RunningProxy> {
  const config = (port: number) => exampleConfig(proxy, port, upstream)
  if (proxy === 'nginx') return startNginx(config)
  if (proxy === 'caddy') return startCaddy(config)
  return startHaproxy(config)
}
