import { afterAll, beforeAll, expect, it } from 'vitest'
import { quotaPlugin } from '@chatbot-kit/plugin-quota'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { ask, start, uploaded } from './setup.js'

// The input quota counts an image (OpenAI's tile estimate) before the provider is asked: the plugin is `pre`.

describeEachDatabase('attachments and the input quota', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    // Listed before it, as chatbot-kit's built-ins are: `pre` still runs the attachments plugin's `turn:prompt` first.
    h = await start(created, { dailyQuota: { input: 200, output: 100_000 } }, [quotaPlugin()])
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it('a message that fits the budget alone is refused once its image is counted', async () => {
    const plain = await ask(h, h.envelope({ userId: 'quota-1' }), undefined, 'Hi')
    expect(plain.events.at(-1)!.type).toBe('done')
    const token = h.envelope({ userId: 'quota-2' })
    const image = await uploaded(h, token)
    const before = h.provider.requests.length
    const { events } = await ask(h, token, [image.id], 'Hi')
    expect(events.at(-1)).toMatchObject({ type: 'error', code: 'quota_exceeded' })
    expect(h.provider.requests).toHaveLength(before)
  })
})
