import { accessSync, constants } from 'node:fs'

/** The proxies the deployment tests run: Debian's packages (`.ci/run` installs them with apt). */
export const PROXY_BINARIES = {
  nginx: process.env.CHATBOT_NGINX || '/usr/sbin/nginx',
  caddy: process.env.CHATBOT_CADDY || '/usr/bin/caddy',
  haproxy: process.env.CHATBOT_HAPROXY || '/usr/sbin/haproxy',
} as const

export type ProxyName = keyof typeof PROXY_BINARIES

/**
 * Why a proxy's tests skip, or `false` when its binary is there: `describe.skipIf(reason)(reason || …)`
 * so that a missing package shows up as a named skip, never as a silent pass.
 */
export function proxyMissing(name: ProxyName): string | false {
  try {
    accessSync(PROXY_BINARIES[name], constants.X_OK)
    return false
  } catch {
    return `skipped: ${name} not found at ${PROXY_BINARIES[name]} (Debian: apt-get install ${name})`
  }
}
