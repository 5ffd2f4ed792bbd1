import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { freePort } from '../free-port.js'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** A proxy process listening on loopback. */
export interface RunningProxy {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  port: number
  /** Its own folder (config, pid file, temporary files, sockets). */
  dir: string
  /** What it printed so far (stdout and stderr): the first thing to read when a test fails. */
  output(): string
  stop(): Promise<void>
}

export interface LaunchOptions {
  /** The process's arguments, given its folder. */
  args: (dir: string) => string[]
  /** Writes the config files into the folder before the process starts. */
  prepare: (dir: string, port: number) => void
  /** Extra environment, given the folder (Caddy's data and config folders). */
  env?: (dir: string) => Record<string, string>
  /** How long to wait for the port to accept connections; default 15 s (a loaded machine). */
  readyMs?: number
}

/**
 * Starts a proxy binary with a config written into a fresh folder, on a free loopback port, and
 * resolves once that port accepts connections. Rejects with the proxy's output when it exits first
 * (a config error) or never listens.
 */
export async function launchProxy(binary: string, options: LaunchOptions): Promise<RunningProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'chatbot-proxy-'))
  const port = await freePort()
  options.prepare(dir, port)
  const child = spawn(binary, options.args(dir), { cwd: dir, env: { ...process.env, ...options.env?.(dir) }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit').then(([code]) => code as number | null)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])
      if (!killed) child.kill('SIGKILL')
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitForPort(port, child, exited, options.readyMs ?? 15_000)
  } catch (error) {
    await stop()
    throw new Error(`${binary} did not start: ${(error as Error).message}\n${output}`, { cause: error })
  }
  return { url: `http://127.0.0.1:${port}`, port, dir, output: () => output, stop }
}

async function waitForPort(port: number, child: ChildProcess, exited: Promise<number | null>, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  let gone = false
  void exited.then(() => (gone = true))
  while (Date.now() < deadline) {
    if (gone) throw new Error(`it exited with code ${child.exitCode}`)
    if (await accepts(port)) return
    await sleep(50)
  }
  throw new Error(`port ${port} was not open after ${ms} ms`)
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
