import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadFile } from '../../src/transcript/download.js'

describe('downloadFile', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('clicks an <a download> on a Blob URL of the text, then revokes the URL', async () => {
    vi.useFakeTimers()
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:https://shop.example/1')
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const link = { href: '', download: '', click: vi.fn() }
    const doc = { createElement: vi.fn(() => link) } as unknown as Document

    downloadFile(doc, 'conversation-2026-11-27.md', '# Chat\n')

    expect(doc.createElement).toHaveBeenCalledWith('a')
    expect(link).toMatchObject({ href: 'blob:https://shop.example/1', download: 'conversation-2026-11-27.md' })
    expect(link.click).toHaveBeenCalledOnce()
    const blob = create.mock.calls[0]![0] as Blob
    expect([blob.type, await blob.text()]).toEqual(['text/markdown;charset=utf-8', '# Chat\n'])
    expect(revoke).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(revoke).toHaveBeenCalledWith('blob:https://shop.example/1')
  })
})
