import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import fsDriver from 'unstorage/drivers/fs'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import type { Harness } from '../../../packages/kernel/test/harness.js'
import { download, outcome, PNG, pngClaiming, rows, start, upload, uploaded } from './setup.js'

// Contract §11.4, the upload and download routes, over a real socket on each dialect, files in the fs driver.

const ELF = Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(64, 1)])
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0'), Buffer.alloc(64)])

describeEachDatabase('attachment uploads', { label: 'over a real socket' }, (target) => {
  let created: CreatedDatabase
  let h: Harness
  const folder = mkdtempSync(join(tmpdir(), 'chatbot-attachments-'))
  /** The files the fs driver holds. */
  const stored = () => readdirSync(folder).sort()
  beforeAll(async () => {
    created = await target.create()
    h = await start(created, { attachments: { storage: fsDriver({ base: folder }) } })
  })
  afterAll(async () => {
    await h?.close()
    await created?.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('stores an image and serves it back to its owner only, with the sniffed type and safe headers', async () => {
    const token = h.envelope({ userId: 'owner-1' })
    const file = await uploaded(h, token, PNG, 'été photo.png', 'image/png')
    expect(file).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'été photo.png', type: 'image/png', size: PNG.length })
    expect(stored()).toContain(file.id)
    const served = await download(h, file.id, token)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('content-disposition')).toBe(`inline; filename="_t_ photo.png"; filename*=UTF-8''%C3%A9t%C3%A9%20photo.png`)
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")

    const stranger = await download(h, file.id, h.envelope({ userId: 'someone-else' }))
    expect(await outcome(stranger)).toEqual([403, 'forbidden'])
    const otherChannel = await download(h, file.id, h.envelope({ userId: 'owner-1', channel: 'other' }))
    expect(otherChannel.status).toBe(403)
    expect(await outcome(await download(h, '00000000-0000-4000-8000-000000000000', token))).toEqual([404, 'attachment_not_found'])
  })

  it('takes text that is valid UTF-8 and serves it as a download', async () => {
    const token = h.envelope({ userId: 'owner-2' })
    const file = await uploaded(h, token, 'a,b\n1,2\n', 'table.csv', 'application/octet-stream')
    expect(file.type).toBe('text/csv')
    const served = await download(h, file.id, token)
    expect(served.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; /)
  })

  it.each([
    ['a renamed ELF executable', ELF, 'cat.png', 'image/png', 415, 'attachment_type_not_allowed'],
    ['a renamed PE executable, declaring nothing', PE, 'cat.png', 'application/octet-stream', 415, 'attachment_type_not_allowed'],
    ['an HTML file declared image/png', '<!doctype html><script>alert(1)</script>', 'x.png', 'image/png', 415, 'attachment_type_not_allowed'],
    ['a PNG declared image/jpeg', PNG, 'x.jpg', 'image/jpeg', 415, 'attachment_type_not_allowed'],
    ['text with a NUL byte', Buffer.from('abc\0def'), 'notes.txt', 'text/plain', 415, 'attachment_type_not_allowed'],
    ['invalid UTF-8 text', Buffer.from([0x61, 0xff, 0xfe, 0x62]), 'notes.txt', 'text/plain', 415, 'attachment_type_not_allowed'],
    ['a PNG claiming 100000×100000', pngClaiming(100_000, 100_000), 'bomb.png', 'image/png', 413, 'attachment_too_large'],
    ['a file over maxBytes', Buffer.concat([PNG, Buffer.alloc(64 * 1024)]), 'big.png', 'image/png', 413, 'attachment_too_large'],
    ['an empty file', Buffer.alloc(0), 'empty.txt', 'text/plain', 422, 'invalid_attachment_upload'],
  ])('refuses %s, storing nothing', async (_, bytes, name, type, status, code) => {
    const [before, files] = [(await rows(h)).length, stored()]
    expect(await outcome(await upload(h, h.envelope({ userId: 'bad-1' }), bytes, name, type))).toEqual([status, code])
    expect(await rows(h)).toHaveLength(before)
    expect(stored()).toEqual(files)
  })

  it('refuses a type the channel does not take, a channel without attachments, and a missing envelope', async () => {
    const other = h.envelope({ userId: 'u', channel: 'other' })
    expect(await outcome(await upload(h, other, 'hello', 'a.txt', 'text/plain'))).toEqual([415, 'attachment_type_not_allowed'])
    expect(await outcome(await upload(h, h.envelope({ userId: 'u', channel: 'plain' }), PNG, 'a.png', 'image/png'))).toEqual([403, 'attachments_disabled'])
    expect(await outcome(await upload(h, undefined, PNG, 'a.png', 'image/png'))).toEqual([403, 'invalid_envelope'])
    expect(await outcome(await upload(h, 'forged', PNG, 'a.png', 'image/png'))).toEqual([403, 'invalid_envelope'])
  })

  it('refuses a body that is not multipart, a truncated multipart body, and signed_context twice, storing nothing', async () => {
    const [before, files] = [(await rows(h)).length, stored()]
    const json = await h.request('/chatbot/attachments', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(await outcome(json)).toEqual([415, 'unsupported_media_type'])
    const token = h.envelope({ userId: 'cut-1' })
    const boundary = 'XyZ'
    const cut = `--${boundary}\r\ncontent-disposition: form-data; name="signed_context"\r\n\r\n${token}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n${PNG.toString('latin1')}`
    const response = await h.request('/chatbot/attachments', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(cut, 'latin1') })
    expect(await outcome(response)).toEqual([422, 'invalid_attachment_upload'])
    const noBoundary = await h.request('/chatbot/attachments', { method: 'POST', headers: { 'content-type': 'multipart/form-data; charset=utf-8' }, body: cut })
    expect(await outcome(noBoundary)).toEqual([422, 'invalid_attachment_upload'])
    const twice = await upload(h, token, PNG, 'a.png', 'image/png', { signed_context: h.envelope({ userId: 'cut-2' }) })
    expect(await outcome(twice)).toEqual([422, 'invalid_attachment_upload'])
    expect(await rows(h)).toHaveLength(before)
    expect(stored()).toEqual(files)
  })
})
