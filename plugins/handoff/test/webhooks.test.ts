import { randomBytes, randomUUID } from 'node:crypto'
import { listenNode, type Listener, describeEachDatabase } from '@chatbot-kit/test-utils'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { HANDOFF_CHANNELS, until, useCluster, type Cluster, type Instance } from './setup.js'

const secret = `whsec_${randomBytes(24).toString('base64')}`

/** A helpdesk on loopback: verifies each delivery with the Standard Webhooks library; `failing` answers 503. */
async function createReceiver() {
  const received: Record<string, unknown>[] = []
  const attempts: string[] = []
  let failing = false
  let delayMs = 0
  const listener: Listener = await listenNode(async (req, res) => {
    let body = ''
    for await (const part of req as AsyncIterable<Buffer>) body += part.toString('utf8')
    attempts.push(String(req.headers['webhook-id']))
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (failing) return void res.writeHead(503).end()
    // Throws on a bad signature or a stale timestamp: the test sees the 400 and no event.
    try {
      received.push(new Webhook(secret).verify(body, req.headers as Record<string, string>) as Record<string, unknown>)
      res.writeHead(204).end()
    } catch {
      res.writeHead(400).end()
    }
  })
  return {
    url: listener.url,
    received,
    attempts,
    fail: (value: boolean) => void (failing = value),
    delay: (ms: number) => void (delayMs = ms),
    close: () => listener.close(),
  }
}

/** A helpdesk's event to `POST /chatbot/handoff/events`, signed as it would sign it. */
function signed(instance: Instance, body: Record<string, unknown>, options: { key?: string; at?: Date; id?: string } = {}) {
  const text = JSON.stringify(body)
  const id = options.id ?? String(body.id)
  const at = options.at ?? new Date()
  const signature = new Webhook(options.key ?? secret).sign(id, at, text)
  return fetch(`${instance.url}/chatbot/handoff/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body: text,
  })
}

describeEachDatabase('handoff webhooks', { label: 'to and from a helpdesk on loopback' }, (target) => {
  let receiver: Awaited<ReturnType<typeof createReceiver>>
  let cluster: Cluster
  let a: Instance
  beforeAll(async () => {
    receiver = await createReceiver()
  })
  afterAll(() => receiver.close())
  useCluster(target, 'memory:', false, async (started) => {
    cluster = started
    a = await cluster.start({ handoff: { webhook: { url: `${receiver.url}/hooks`, secret } } })
  })

  it('each state change and each user message while not bot reaches the helpdesk, signed so its library verifies it', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const held = await a.send(token, 'I need a person', conversationId)
    await a.admin.handoff.claim({ conversationId, agent: 'Ada' })
    await until(() => receiver.received.filter((event) => event.conversation_id === conversationId).length === 3)
    const mine = receiver.received.filter((event) => event.conversation_id === conversationId)
    expect(mine.map((event) => [event.type, event.state, event.agent ?? null])).toEqual([
      ['state', 'waiting', null],
      ['user_message', 'waiting', null],
      ['state', 'human', 'Ada'],
    ])
    expect(mine[1]).toMatchObject({ channel: 'default', message: { content: 'I need a person' } })
    const history = await a.history(conversationId, token)
    expect((mine[1]!.message as { id: string }).id).toBe(history.find((message) => message.content === 'I need a person')!.id)
    expect(held.events.at(-1)).toMatchObject({ finish_reason: 'handoff' })
    expect(mine.every((event) => typeof event.id === 'string' && !Number.isNaN(Date.parse(String(event.at))))).toBe(true)
  })

  it('a receiver that is down is retried, then marked for the admin; the user’s turn never waits for it', async () => {
    receiver.fail(true)
    receiver.delay(300)
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const started = Date.now()
    const held = await a.send(token, 'anyone?', conversationId)
    expect(held.events.at(-1)).toMatchObject({ finish_reason: 'handoff' })
    expect(Date.now() - started).toBeLessThan(250)
    const item = async () => (await a.admin.handoff.list({ state: 'waiting' })).items.find((entry) => entry.conversationId === conversationId)
    await until(() => receiver.attempts.length >= 3, 10_000)
    await expect.poll(async () => (await item())?.webhookFailedAt, { timeout: 10_000 }).toEqual(expect.any(String))
    // Three attempts per event (the first, then one per delay), the same id each time.
    const ids = new Set(receiver.attempts)
    expect([...ids].every((id) => receiver.attempts.filter((attempt) => attempt === id).length <= 3)).toBe(true)
    receiver.fail(false)
    receiver.delay(0)
    await a.admin.handoff.claim({ conversationId, agent: 'Ada' })
    await expect.poll(async () => (await item()) ?? (await a.admin.handoff.list({ state: 'human' })).items.find((entry) => entry.conversationId === conversationId), { timeout: 10_000 }).toMatchObject({ webhookFailedAt: null })
  })

  it('inbound claim, message and release drive the conversation; a replayed id is ignored', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const agent = { name: 'Helpdesk Hal' }
    const claim = await signed(a, { id: randomUUID(), type: 'claim', conversation_id: conversationId, agent })
    expect(claim.status).toBe(200)
    expect(await claim.json()).toEqual({ state: 'human' })
    const message = { id: randomUUID(), type: 'message', conversation_id: conversationId, agent, text: 'Hal here, how can I help?' }
    expect((await signed(a, message)).status).toBe(200)
    const replayed = await signed(a, message)
    expect(replayed.status).toBe(200)
    expect(await replayed.json()).toEqual({ ignored: true })
    const history = await a.history(conversationId, token)
    expect(history.filter((entry) => entry.content === 'Hal here, how can I help?')).toEqual([expect.objectContaining({ role: 'assistant', author: { kind: 'agent', name: 'Helpdesk Hal' } })])
    expect(await (await signed(a, { id: randomUUID(), type: 'release', conversation_id: conversationId, agent })).json()).toEqual({ state: 'bot' })
    expect((await a.admin.conversations.get({ id: conversationId })).handoffChanges.map((change) => [change.actor, change.to])).toEqual([
      ['user', 'waiting'],
      ['helpdesk', 'human'],
      ['helpdesk', 'bot'],
    ])
  })

  it('an event id is its channel helpdesk’s: the same id from two channels’ helpdesks is handled on each, a replay on either ignored', async () => {
    const quickSecret = `whsec_${randomBytes(24).toString('base64')}`
    const b = await cluster.start({
      handoff: { webhook: { url: `${receiver.url}/hooks`, secret } },
      channels: { ...HANDOFF_CHANNELS, quick: { handoff: { enabled: true, webhook: { url: `${receiver.url}/quick`, secret: quickSecret } } } },
    })
    const agent = { name: 'Hal' }
    const id = `evt_${randomUUID()}`
    const conversations: Array<[channel: string, conversationId: string, key: string]> = []
    for (const [channel, key] of [['default', secret], ['quick', quickSecret]] as const) {
      const token = b.envelope(channel)
      const { conversationId } = await b.send(token, 'hello')
      await b.requestHandoff(conversationId, token)
      conversations.push([channel, conversationId, key])
    }
    for (const [, conversationId, key] of conversations) {
      const claimed = await signed(b, { id, type: 'claim', conversation_id: conversationId, agent }, { key })
      expect(await claimed.json()).toEqual({ state: 'human' })
    }
    for (const [, conversationId, key] of conversations) {
      const replayed = await signed(b, { id, type: 'release', conversation_id: conversationId, agent }, { key })
      expect(await replayed.json()).toEqual({ ignored: true })
      expect((await b.admin.conversations.get({ id: conversationId })).handoffChanges.map((change) => [change.actor, change.to])).toEqual([
        ['user', 'waiting'],
        ['helpdesk', 'human'],
      ])
    }
  })

  it('401 JSON for a bad signature or a timestamp more than 5 minutes off; 422 naming the field for a bad body', async () => {
    const token = a.envelope()
    const { conversationId } = await a.send(token, 'hello')
    await a.requestHandoff(conversationId, token)
    const event = () => ({ id: randomUUID(), type: 'claim', conversation_id: conversationId, agent: { name: 'Mallory' } })
    const refusals = [
      await signed(a, event(), { key: `whsec_${randomBytes(24).toString('base64')}` }),
      await signed(a, event(), { at: new Date(Date.now() - 6 * 60_000) }),
      await signed(a, event(), { at: new Date(Date.now() + 6 * 60_000) }),
      await fetch(`${a.url}/chatbot/handoff/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event()) }),
    ]
    for (const refused of refusals) {
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('handoff_signature_invalid')
    }
    expect((await a.admin.handoff.list({ state: 'waiting' })).items.find((item) => item.conversationId === conversationId)).toBeDefined()
    const bad = await signed(a, { id: randomUUID(), type: 'message', conversation_id: conversationId, agent: { name: '' } })
    expect(bad.status).toBe(422)
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ 'agent.name': expect.any(String), text: expect.any(String) })
  })
})
