import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { measure, sizeBudget } from '../../build/size-budget.js'

type Hook = (this: unknown, options: unknown, bundle: Record<string, unknown>) => void

function runPlugin(code: string, budget: number) {
  const messages: string[] = []
  const context = {
    info: (message: string) => messages.push(message),
    error: (message: string) => {
      throw new Error(message)
    },
  }
  const plugin = sizeBudget('widget.js', budget)
  const hook = plugin.generateBundle as Hook
  hook.call(context, {}, { 'widget.js': { type: 'chunk', code } })
  return messages
}

describe('sizeBudget', () => {
  it('measures raw and gzip bytes', () => {
    const { raw, gzip } = measure('a'.repeat(10_000))
    expect(raw).toBe(10_000)
    expect(gzip).toBeLessThan(100)
  })

  it('prints the sizes when within budget', () => {
    expect(runPlugin('a'.repeat(10_000), 1024)).toEqual([expect.stringMatching(/^widget\.js: 9\.77 KB raw, 0\.\d\d KB gzip \(budget 1\.00 KB gzip\)$/)])
  })

  it('fails the build when the gzip size is over budget', () => {
    const incompressible = randomBytes(4096).toString('base64')
    expect(() => runPlugin(incompressible, 1024)).toThrow(/size budget exceeded/)
  })

  it('fails the build when the file is missing', () => {
    const plugin = sizeBudget('other.js')
    const context = {
      error: (message: string) => {
        throw new Error(message)
      },
    }
    expect(() => (plugin.generateBundle as Hook).call(context, {}, {})).toThrow(/other\.js was not emitted/)
  })
})
