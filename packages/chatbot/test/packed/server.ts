import { spawn, type ChildProcess } from 'node:child_process'

// A test that times out never reaches its afterAll: no server it started may outlive the run.
// Each runs in its own process group (npx and dev servers start children), stopped as a group.
const children = new Set<ChildProcess>()
process.once('exit', () => children.forEach((child) => signal(child, 'SIGKILL')))

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, name)
  } catch {
    // Already gone.
  }
}

export interface RunningApp {
  origin: string
  /** What the process printed so far. */
  output(): string
  /** SIGTERM to its process group, then the exit code once it exited (a graceful shutdown runs Nitro's `close`). */
  stop(): Promise<number | null>
}

/** Starts a server and resolves with its origin once its output shows the address it listens on. */
export function startApp(command: string, args: string[], cwd: string, env: Record<string, string>, listening: RegExp): Promise<RunningApp> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, detached: true })
    children.add(child)
    let output = ''
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    void exited.then(() => children.delete(child))
    const onData = (chunk: Buffer) => {
      output += chunk
      const match = output.match(listening)
      if (match?.[1]) resolve({ origin: match[1].replace(/\/$/, ''), output: () => output, stop })
    }
    const stop = async () => {
      if (child.exitCode === null) signal(child, 'SIGTERM')
      return exited
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('error', reject)
    void exited.then((code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening:\n${output}`)))
  })
}
