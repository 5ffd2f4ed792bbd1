import { randomBytes } from 'node:crypto'
import { databaseTargets, listenNode, type Listener } from '@chatbot-kit/test-utils'
import { repliesPlugin } from '@chatbot-kit/plugin-replies'
import { toolsPlugin } from '@chatbot-kit/plugin-tools'
import { afterEach, expect, it } from 'vitest'
import { handoffPlugin } from '../src/index.js'
import { createCluster, until, type Cluster } from './setup.js'

// Shutdown does not wait out a webhook's retries: a helpdesk that is down when the app stops
// gets the attempt under way, then the event is dropped (logged, the conversation marked), so
// `close` returns instead of sleeping through the retry delays (here ten minutes).

let cluster: Cluster | undefined
let receiver: Listener | undefined
afterEach(async () => {
  await cluster?.close()
  await receiver?.close()
  cluster = receiver = undefined
})

it('close ends the waits between a failing webhook’s retries', async () => {
  let attempts = 0
  receiver = await listenNode((_req, res) => {
    attempts += 1
    res.writeHead(503).end()
  })
  cluster = await createCluster(databaseTargets()[0]!)
  const secret = `whsec_${randomBytes(24).toString('base64')}`
  const a = await cluster.start({ handoff: { webhook: { url: receiver.url, secret } }, plugins: [repliesPlugin(), toolsPlugin(), handoffPlugin({ webhookRetryDelaysMs: [600_000] })] })
  const token = a.envelope()
  const { conversationId } = await a.send(token, 'hello')
  expect((await a.requestHandoff(conversationId, token)).status).toBe(200)
  await until(() => attempts === 1)

  // Without the shutdown's abort this waits ten minutes, past the test's timeout.
  await a.chatbot.close()
  expect(attempts).toBe(1)
})
