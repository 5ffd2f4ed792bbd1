import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { PROXY_BINARIES } from './binaries.js'
import { launchProxy, type RunningProxy } from './launch.js'

export interface RunningHaproxy extends RunningProxy {
  /** Each backend server's state from the stats socket (`show stat`): `UP`, `DOWN`, … and its last check. */
  servers(): Promise<HaproxyServer[]>
}

export interface HaproxyServer {
  backend: string
  server: string
  /** `UP`, `DOWN`, `UP 1/2` (going down), `no check`, … */
  status: string
  /** The last health check's outcome: `L7OK`, `L7STS` (a bad status), `L4CON`, … (empty before the first). */
  checkStatus: string
  /** The status code of the last HTTP check. */
  checkCode: string
}

/**
 * Starts HAProxy in the foreground (`-db`) with `config` (its `defaults`, `frontend` and `backend`
 * sections, given the port to bind) after a `global` section that opens a stats socket, through
 * which `servers()` reads what the health checks decided.
 */
export async function startHaproxy(config: (port: number) => string): Promise<RunningHaproxy> {
  const proxy = await launchProxy(PROXY_BINARIES.haproxy, {
    prepare(dir, port) {
      const global = `global\n  stats socket ${join(dir, 'stats.sock')} mode 600 level admin\n\n`
      writeFileSync(join(dir, 'haproxy.cfg'), `${global}${config(port)}\n`)
    },
    args: (dir) => ['-db', '-f', join(dir, 'haproxy.cfg')],
  })
  return { ...proxy, servers: () => showStat(join(proxy.dir, 'stats.sock')) }
}

async function showStat(socketPath: string): Promise<HaproxyServer[]> {
  const csv = await new Promise<string>((resolve, reject) => {
    let text = ''
    const socket = connect(socketPath, () => socket.end('show stat\n'))
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.once('end', () => resolve(text))
    socket.once('error', reject)
  })
  const [head, ...rows] = csv.trim().split('\n')
  const columns = head!.replace(/^# /, '').split(',')
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? ''
  return rows
    .map((line) => line.split(','))
    .filter((row) => !['FRONTEND', 'BACKEND'].includes(at(row, 'svname')))
    .map((row) => ({ backend: at(row, 'pxname'), server: at(row, 'svname'), status: at(row, 'status'), checkStatus: at(row, 'check_status'), checkCode: at(row, 'check_code') }))
}
