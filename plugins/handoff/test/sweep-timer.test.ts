import { databaseTargets, intervalsStartedBy } from '@chatbot-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createCluster, type Cluster } from './setup.js'

// The wait-timeout sweep runs only where a channel offers a person: an app that installs the
// plugin with handoff off everywhere starts no timer (a stale request is still expired on read).

describe('the handoff wait-timeout sweep', () => {
  const sqlite = databaseTargets()[0]!
  let cluster: Cluster | undefined
  afterEach(() => cluster?.close())

  it('starts no timer when no channel enables handoff', async () => {
    cluster = await createCluster(sqlite)
    const delays = await intervalsStartedBy('plugins/handoff/src/', () => cluster!.start({ channels: { default: {}, off: { handoff: { enabled: false } } } }))
    expect(delays).toEqual([])
  })

  it('starts one, as often as the shortest wait timeout, when a channel does', async () => {
    cluster = await createCluster(sqlite)
    // HANDOFF_CHANNELS: `default` waits 300 s, `quick` 1 s.
    const delays = await intervalsStartedBy('plugins/handoff/src/', () => cluster!.start())
    expect(delays).toEqual([1000])
  })
})
