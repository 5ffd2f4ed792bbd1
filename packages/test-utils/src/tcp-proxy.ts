import { once } from 'node:events'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  /** The proxy's loopback port; point a `postgres://` or `redis://` URL at it. */
  readonly port: number
  /** Holds every byte both ways on open and new connections: a frozen (half-open) peer. */
  freeze(): void
  /** Stops listening and resets every connection: the peer is gone (connections refused). */
  refuse(): Promise<void>
  /** Destroys the open connections only; new ones go through. */
  cut(): void
  /** Forwards again (after `freeze`), listening again on the same port (after `refuse`). */
  resume(): Promise<void>
  /** Connections opened through the proxy so far. */
  readonly connections: number
  close(): Promise<void>
}

/**
 * A TCP proxy on loopback in front of a real server (Postgres, Redis), for fault tests: it
 * freezes, refuses or cuts connections the way a network or a stuck peer does.
 */
export async function createTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>()
  let frozen = false
  let connections = 0
  let port = 0
  let server: Server

  const onConnection = (client: Socket) => {
    connections += 1
    const upstream = connect(target.port, target.host ?? '127.0.0.1')
    for (const socket of [client, upstream]) {
      open.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        open.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
    // Paused sockets neither read nor forward: to both ends the peer just stops answering.
    // (After `pipe`, which would resume them.)
    if (frozen) {
      client.pause()
      upstream.pause()
    }
  }

  const startListening = async () => {
    server = createServer(onConnection)
    server.listen(port, '127.0.0.1')
    await once(server, 'listening')
    port = (server.address() as AddressInfo).port
  }
  const stopListening = async () => {
    if (!server.listening) return
    const closed = once(server, 'close')
    server.close()
    for (const socket of open) socket.resetAndDestroy()
    await closed
  }

  await startListening()
  return {
    get port() {
      return port
    },
    get connections() {
      return connections
    },
    freeze() {
      frozen = true
      for (const socket of open) socket.pause()
    },
    refuse: stopListening,
    cut() {
      for (const socket of open) socket.resetAndDestroy()
    },
    async resume() {
      frozen = false
      for (const socket of open) socket.resume()
      if (!server.listening) await startListening()
    },
    close: stopListening,
  }
}

/** `url` (a `postgres://` or `redis://` URL) reached through a fresh `createTcpProxy`, with `params` set on it. */
export async function proxiedUrl(url: string, params: Record<string, string> = {}): Promise<{ url: string; proxy: TcpProxy }> {
  const target = new URL(url)
  const defaultPort = target.protocol.startsWith('redis') ? 6379 : 5432
  const proxy = await createTcpProxy({ host: target.hostname, port: Number(target.port || defaultPort) })
  target.hostname = '127.0.0.1'
  target.port = String(proxy.port)
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value)
  return { url: target.toString(), proxy }
}
