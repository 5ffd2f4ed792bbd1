import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { start } from './setup.js'

const built = (() => {
  try {
    return createRequire(import.meta.url).resolve('@chatbot-kit/widget/attachments.js')
  } catch {
    return undefined
  }
})()

describeEachDatabase('the widget on an attachments channel', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  beforeAll(async () => {
    created = await target.create()
    h = await start(created)
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
  })

  it('marks the element `attachments` with the channel\'s limits, on a channel with attachments only', async () => {
    const page = () => new Request('http://shop.test/page')
    const attribute = (element: string) => /<chatbot-widget [^>]*\battachments="([^"]*)"/.exec(element)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&quot;/g, '"')
    const files = attribute((await h.chatbot.renderWidget(page(), { channel: 'default' })).element)
    expect(JSON.parse(files!)).toEqual({ maxFiles: 2, types: ['image/*', 'text/*'] })
    // The defaults: four pictures.
    expect(JSON.parse(attribute((await h.chatbot.renderWidget(page(), { channel: 'other' })).element)!)).toEqual({ maxFiles: 4, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] })
    expect((await h.chatbot.renderWidget(page(), { channel: 'plain' })).element).not.toContain('attachments')
  })

  it('serves attachments.js as widget.js is served: gzip when accepted, an ETag, 304 for it, no cookie', async (context) => {
    context.skip(!built || !existsSync(built), 'widget/dist/attachments.js is not built: run `npm run build` in widget/')
    const response = await h.request('/chatbot/attachments.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(built!))).toBe(true)
    const again = await h.request('/chatbot/attachments.js', { headers: { 'accept-encoding': 'gzip', 'if-none-match': response.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })
})
