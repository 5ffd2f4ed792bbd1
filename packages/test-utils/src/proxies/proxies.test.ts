import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenNode, type Listener } from '../listen.js'
import { proxyMissing } from './binaries.js'
import { startCaddy } from './caddy.js'
import { startHaproxy } from './haproxy.js'
import { startNginx } from './nginx.js'

let backend: Listener
let upstream = ''
beforeAll(async () => {
  backend = await listenNode((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${req.method} ${req.url}`))
  upstream = backend.url.replace('http://', '')
})
afterAll(() => backend.close())

const launchers = {
  nginx: () => startNginx((port) => `server {\n  listen 127.0.0.1:${port};\n  location / { proxy_pass http://${upstream}; }\n}`),
  caddy: () => startCaddy((port) => `http://127.0.0.1:${port} {\n  reverse_proxy ${upstream}\n}`),
  haproxy: () =>
    startHaproxy(
      (port) =>
        `defaults\n  mode http\n  timeout connect 5s\n  timeout client 30s\n  timeout server 30s\n\nfrontend web\n  bind 127.0.0.1:${port}\n  default_backend app\n\nbackend app\n  server app1 ${upstream}`,
    ),
}

describe.each(Object.entries(launchers))('%s launcher', (name, launch) => {
  const missing = proxyMissing(name as keyof typeof launchers)
  it.skipIf(missing)(missing || 'starts on a free port, forwards to the backend, and stops', async () => {
    const proxy = await launch()
    try {
      const response = await fetch(`${proxy.url}/ping?x=1`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('hello GET /ping?x=1')
    } finally {
      await proxy.stop()
    }
    await expect(fetch(`${proxy.url}/ping`)).rejects.toThrow()
  })
})

describe('a config the proxy refuses', () => {
  const missing = proxyMissing('nginx')
  it.skipIf(missing)(missing || 'rejects with what the proxy printed', async () => {
    await expect(startNginx(() => 'server { listen nonsense-directive; }')).rejects.toThrow(/did not start[\s\S]*nginx/)
  })
})

describe('the stats socket', () => {
  const missing = proxyMissing('haproxy')
  it.skipIf(missing)(missing || 'reports each server and its last check', async () => {
    const proxy = await startHaproxy(
      (port) => `defaults\n  mode http\n  timeout connect 5s\n  timeout client 30s\n  timeout server 30s\n\nlisten web\n  bind 127.0.0.1:${port}\n  server app1 ${upstream}`,
    )
    try {
      expect(await proxy.servers()).toEqual([{ backend: 'web', server: 'app1', status: 'no check', checkStatus: '', checkCode: '' }])
    } finally {
      await proxy.stop()
    }
  })
})
