import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROXY_BINARIES } from './binaries.js'
import { launchProxy, type RunningProxy } from './launch.js'

/**
 * Starts nginx in the foreground with `http` (the text inside its `http {}` block, e.g. an
 * `upstream` and a `server`) given the port to listen on. Logs go to the proxy's output.
 */
export function startNginx(http: (port: number) => string): Promise<RunningProxy> {
  return launchProxy(PROXY_BINARIES.nginx, {
    prepare(dir, port) {
      const temp = join(dir, 'temp')
      mkdirSync(temp)
      // Run as root, nginx's workers switch to an unprivileged user that must write here.
      chmodSync(dir, 0o755)
      chmodSync(temp, 0o777)
      const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(temp, kind)};`).join('\n')
      const main = `daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n${temps}\n${http(port)}\n}\n`
      writeFileSync(join(dir, 'nginx.conf'), main)
    },
    args: (dir) => ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'],
  })
}
