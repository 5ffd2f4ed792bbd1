import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROXY_BINARIES } from './binaries.js'
import { launchProxy, type RunningProxy } from './launch.js'

/**
 * Starts `caddy run` with a Caddyfile: `sites` (site blocks, given the port to listen on) after a
 * global block that turns off the admin endpoint and automatic HTTPS, so that several Caddys run
 * side by side on loopback. Caddy's data and config folders are the proxy's own folder.
 */
export function startCaddy(sites: (port: number) => string): Promise<RunningProxy> {
  return launchProxy(PROXY_BINARIES.caddy, {
    prepare(dir, port) {
      writeFileSync(join(dir, 'Caddyfile'), `{\n  admin off\n  auto_https off\n}\n\n${sites(port)}\n`)
    },
    args: (dir) => ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
    env: (dir) => ({ XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }),
  })
}
