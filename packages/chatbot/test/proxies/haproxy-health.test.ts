import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { proxyMissing, type RunningHaproxy } from '@chatbot-kit/test-utils'
import { startExampleProxy } from './examples.js'
import { serveForProxies, type ServedChatbot } from './server.js'

// HAProxy's `option httpchk HEAD /chatbot/health` (docs/examples/proxies/haproxy.cfg): in 1.1
// HEAD was 404, every instance was marked down and the site answered 503.
const missing = proxyMissing('haproxy')

describe.skipIf(missing)(missing || 'HAProxy health checks with HEAD', () => {
  let provider: DemoProvider
  let served: ServedChatbot
  let proxy: RunningHaproxy
  beforeAll(async () => {
    provider = await createDemoProvider()
    served = await serveForProxies(provider.url)
    proxy = (await startExampleProxy('haproxy', served.upstream)) as RunningHaproxy
  })
  afterAll(async () => {
    await proxy?.stop()
    await served?.close()
    await provider?.close()
  })

  it('mark the instance up, and the site answers through it', async () => {
    // Wait for the first check (within `inter 2s` of start), however long a loaded machine takes.
    let server = (await proxy.servers())[0]!
    while (server.checkStatus === '' || server.checkStatus.startsWith('*')) {
      await sleep(100)
      server = (await proxy.servers())[0]!
    }
    expect(server, proxy.output()).toMatchObject({ server: 'app1', status: 'UP', checkStatus: 'L7OK', checkCode: '200' })
    const health = await fetch(`${proxy.url}/chatbot/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok' })
  })
})
