import { once } from 'node:events'
import { connect, createServer, type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTcpProxy, type TcpProxy } from './tcp-proxy.js'

let echo: ReturnType<typeof createServer>
let proxy: TcpProxy
beforeAll(async () => {
  echo = createServer((socket) => socket.on('error', () => {}).pipe(socket)).listen(0, '127.0.0.1')
  await once(echo, 'listening')
  proxy = await createTcpProxy({ port: (echo.address() as AddressInfo).port })
})
afterAll(async () => {
  await proxy.close()
  echo.close()
})

const roundTrip = async (timeoutMs = 300) => {
  const socket = connect(proxy.port, '127.0.0.1')
  socket.on('error', () => {})
  try {
    await Promise.race([once(socket, 'connect'), sleep(timeoutMs).then(() => Promise.reject(new Error('no connect')))])
    socket.write('ping')
    const [data] = await Promise.race([once(socket, 'data'), sleep(timeoutMs).then(() => [null])])
    return data === null ? 'silent' : String(data)
  } catch {
    return 'refused'
  } finally {
    socket.destroy()
  }
}

it('forwards, freezes, refuses and resumes', async () => {
  expect(await roundTrip()).toBe('ping')
  proxy.freeze()
  expect(await roundTrip()).toBe('silent')
  await proxy.resume()
  expect(await roundTrip()).toBe('ping')
  await proxy.refuse()
  expect(await roundTrip()).toBe('refused')
  await proxy.resume()
  expect(await roundTrip()).toBe('ping')
  expect(proxy.connections).toBeGreaterThanOrEqual(3)
})
