import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stickToBottom } from '../../src/viewport/stick-to-bottom.js'

/** A scroll box whose content height the test sets, with a MutationObserver the test fires. */
function scrollBox() {
  const listeners: (() => void)[] = []
  return {
    scrollTop: 0,
    scrollHeight: 500,
    clientHeight: 200,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: () => {},
    /** The user scrolls. */
    scrollTo(top: number) {
      this.scrollTop = top
      listeners.forEach((listener) => listener())
    },
  }
}

describe('stickToBottom', () => {
  let mutate: () => void
  beforeEach(() => {
    vi.stubGlobal(
      'MutationObserver',
      class {
        constructor(callback: () => void) {
          mutate = callback
        }
        observe() {}
        disconnect() {}
      },
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('follows growing content while the reader is at the end', () => {
    const box = scrollBox()
    stickToBottom(box as unknown as HTMLElement, 2)
    expect(box.scrollTop).toBe(500)
    box.scrollHeight = 900
    mutate()
    expect(box.scrollTop).toBe(900)
  })

  it('stays put after the reader scrolls up, until a message is added', () => {
    const box = scrollBox()
    const action = stickToBottom(box as unknown as HTMLElement, 2)
    box.scrollTo(100)
    box.scrollHeight = 900
    mutate()
    expect(box.scrollTop).toBe(100)
    action.update(2)
    expect(box.scrollTop).toBe(100)
    action.update(4)
    expect(box.scrollTop).toBe(900)
  })
})
