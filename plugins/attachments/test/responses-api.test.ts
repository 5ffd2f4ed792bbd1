import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { ask, PNG, start, uploaded } from './setup.js'

// Contract §11.4 on the Responses API: the image goes as an `input_image` part, the text as `input_text`.

describeEachDatabase('attachments over the Responses API', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, { provider: { api: 'responses' } })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it('sends the image as input_image with a data: URL', async () => {
    const token = h.envelope({ userId: 'responses-1' })
    const image = await uploaded(h, token)
    const { events } = await ask(h, token, [image.id], 'Describe it')
    expect(events.at(-1)!.type).toBe('done')
    const wire = h.provider.requests.at(-1)!.wire as { input: { role?: string; content: unknown }[] }
    expect(wire.input.at(-1)).toEqual({
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_text', text: 'Describe it' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG.toString('base64')}` },
      ],
    })
  })
})
