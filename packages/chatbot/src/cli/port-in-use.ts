import { createServer } from 'node:net'

/** Whether listening failed because another process holds the address. */
const isPortInUse = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'

/** The one line `dev` and `serve` print for a port in use: which port, and what to do. */
export function portInUseError(port: number): Error {
  return new Error(`Port ${port} is already in use (another chatbot dev or serve, or another server): stop it, or pass --port with a free port (--port 0 picks one).`)
}

/** A failure to listen as the CLI reports it: a port in use as one clear line, anything else as it is. */
export function explainListenError(error: unknown, port: number): unknown {
  return isPortInUse(error) ? portInUseError(port) : error
}

/**
 * Throws `portInUseError` when `port` is taken on `hostname`. `chatbot dev` checks first, so a
 * second `dev` names its own port rather than the port of something a plugin starts (the
 * playground's MCP server) while the chatbot is built.
 */
export async function assertPortFree(port: number, hostname: string): Promise<void> {
  if (port === 0) return
  const probe = createServer()
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(explainListenError(error, port)))
    probe.listen(port, hostname, () => probe.close(() => resolve()))
  })
}
