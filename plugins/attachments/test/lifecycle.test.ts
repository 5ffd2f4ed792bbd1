import { databaseTargets, intervalsStartedBy, type CreatedDatabase } from '@chatbot-kit/test-utils'
import memoryDriver from 'unstorage/drivers/memory'
import { afterEach, describe, expect, it } from 'vitest'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { SWEEP_INTERVAL_MS } from '../src/sweep.js'
import { start, uploaded } from './setup.js'

// The file sweep runs only where a channel takes files, and `close` lets the file store's driver
// go (a Redis or object-store driver holds connections).

describe('the attachments plugin’s timer and file store', () => {
  const sqlite = databaseTargets()[0]!
  let created: CreatedDatabase | undefined
  let harness: Harness | undefined
  afterEach(async () => {
    await harness?.close()
    await created?.drop()
    harness = created = undefined
  })

  it('starts no sweep timer when no channel takes files', async () => {
    created = await sqlite.create()
    const delays = await intervalsStartedBy('plugins/attachments/src/', async () => (harness = await start(created!, { channels: { default: {}, off: { attachments: { enabled: false } } } })))
    expect(delays).toEqual([])
  })

  it('starts one when a channel takes files', async () => {
    created = await sqlite.create()
    const delays = await intervalsStartedBy('plugins/attachments/src/', async () => (harness = await start(created!)))
    expect(delays).toEqual([SWEEP_INTERVAL_MS])
  })

  it('disposes of the file store’s driver on close, once a file was stored', async () => {
    created = await sqlite.create()
    let disposed = 0
    // The memory driver, counting its disposals.
    harness = await start(created, { attachments: { storage: { ...memoryDriver(), dispose: () => void (disposed += 1) } } })
    await uploaded(harness, harness.envelope({ userId: 'owner-1' }))
    await harness.close()
    harness = undefined
    expect(disposed).toBe(1)
  })
})
