import { afterEach, expect, it } from 'vitest'
import { createDemoProvider, type DemoProvider } from '@chatbot-kit/demo-provider'
import { silentLogger } from '@chatbot-kit/test-utils'
import { createChannelRegistry } from '../channel-registry.js'
import { resolveConfig } from '../config/index.js'
import { createMemoryCounterStore } from '@chatbot-kit/stores'
import { createEnvelopeSigner, generateAppKey } from '../envelope/index.js'
import { createEventEmitter } from '../events/emitter.js'
import { KernelHooks } from '../hookable.js'
import { createProviderBinding } from '../provider/binding.js'
import type { KernelRuntime } from '../runtime.js'
import { createKeepAlive } from '@chatbot-kit/http'
import { createDatabase, listMessages, migrate, type ChatbotDatabase } from '../storage/index.js'
import { createTurnRegistry } from './registry.js'
import { startTurn } from './start.js'
import type { Turn } from './types.js'

let provider: DemoProvider | undefined
let database: ChatbotDatabase | undefined
afterEach(async () => {
  await provider?.close()
  await database?.close()
})

// `chatbot eval` and a handoff's agent messages run a turn with no HTTP request behind it.
it('runs a whole turn without an HTTP request: hooks, stored messages, and the events to its output', async () => {
  provider = await createDemoProvider()
  database = await createDatabase(':memory:')
  await migrate(database.db)
  const config = resolveConfig({ appKey: generateAppKey(), baseUrl: provider.url, apiKey: 'test-key' }, {})
  const logger = silentLogger()
  const turns = createTurnRegistry()
  const channels = createChannelRegistry(config)
  const runtime: KernelRuntime = {
    config, db: database.db, counters: createMemoryCounterStore(), hooks: new KernelHooks(), events: createEventEmitter(logger), logger,
    signer: createEnvelopeSigner({ appKey: config.appKey, previousKeys: [] }), keepAlive: createKeepAlive(15_000),
    provider: createProviderBinding(config, logger).client, settings: channels.settings, contexts: new Map(), channelContexts: channels.contexts,
    activeStreams: 0, turns, closing: false, widgetFile: undefined, debug: false,
  }
  const seen: string[] = []
  runtime.hooks.hook('turn:start', (turn: Turn) => void seen.push(`start ${turn.event.req.headers.get('cookie') ?? 'no cookie'}`))
  runtime.hooks.hook('turn:end', () => void seen.push('end'))
  const frames: string[] = []
  let closed!: () => void
  const ended = new Promise<void>((resolve) => (closed = resolve))
  const envelope = { v: 1, uid: 'evaluator', route: 'eval', channel: 'default', iat: 0, exp: 0 } as const

  await startTurn(runtime, { envelope, message: 'Hello there' }, () => ({ write: (frame) => void frames.push(frame), close: () => closed() }))
  await ended

  const types = frames.map((frame) => (JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) as { type: string }).type)
  expect(types[0]).toBe('context_summary')
  expect(types).toContain('token')
  expect(types.at(-1)).toBe('done')
  expect(seen).toEqual(['start no cookie', 'end'])
  const conversation = await database.db.selectFrom('conversations').select('id').executeTakeFirstOrThrow()
  expect((await listMessages(database.db, conversation.id)).map((message) => [message.role, message.status])).toEqual([['user', 'complete'], ['assistant', 'complete']])
})
