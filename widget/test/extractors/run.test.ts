import { afterEach, describe, expect, it, vi } from 'vitest'
import { createExtractorRegistry } from '../../src/extractors/registry.js'
import { runExtractors } from '../../src/extractors/run.js'
import { TRUNCATION_MARKER } from '../../src/extractors/utf8.js'

const context = { channel: 'support', message: 'Where is my order?' }
const limits = (timeoutMs = 250, sizeCapBytes = 8192) => ({ timeoutMs, sizeCapBytes })

describe('runExtractors', () => {
  afterEach(() => vi.restoreAllMocks())

  it('runs only the registered extractors the envelope allows, with the message context', async () => {
    const registry = createExtractorRegistry()
    const cart = vi.fn(() => '2 items')
    const secret = vi.fn(() => 'should never run')
    registry.register('cart', cart)
    registry.register('secret', secret)
    const blocks = await runExtractors({ cart: limits(), missing: limits() }, registry, context)
    expect(blocks).toEqual({ cart: '2 items' })
    expect(cart).toHaveBeenCalledWith(context)
    expect(secret).not.toHaveBeenCalled()
  })

  it('skips an extractor past its timeout, the stricter of its own and the envelope’s', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const registry = createExtractorRegistry()
    const slow = (ms: number) => () => new Promise<string>((resolve) => setTimeout(() => resolve('late'), ms))
    registry.register('envelope-bound', slow(80))
    registry.register('own-bound', slow(80), { timeoutMs: 20 })
    registry.register('quick', async () => 'ok')
    const started = Date.now()
    const blocks = await runExtractors({ 'envelope-bound': limits(20), 'own-bound': limits(1000), quick: limits(20) }, registry, context)
    expect(blocks).toEqual({ quick: 'ok' })
    expect(Date.now() - started).toBeLessThan(75)
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('cuts each block to the stricter size cap', async () => {
    const registry = createExtractorRegistry()
    registry.register('big', () => 'x'.repeat(100))
    registry.register('own', () => 'y'.repeat(100), { sizeCapBytes: 20 })
    const blocks = await runExtractors({ big: limits(250, 30), own: limits(250, 1000) }, registry, context)
    expect(blocks).toEqual({ big: `${'x'.repeat(30 - TRUNCATION_MARKER.length)}${TRUNCATION_MARKER}`, own: `${'y'.repeat(9)}${TRUNCATION_MARKER}` })
  })

  it('skips extractors that throw, reject or give no string, and still sends the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const registry = createExtractorRegistry()
    registry.register('throws', () => {
      throw new Error('boom')
    })
    registry.register('rejects', async () => {
      throw new Error('async boom')
    })
    registry.register('nothing', () => null)
    registry.register('fine', () => 'fine')
    const allow = { throws: limits(), rejects: limits(), nothing: limits(), fine: limits() }
    expect(await runExtractors(allow, registry, context)).toEqual({ fine: 'fine' })
    expect(warn).toHaveBeenCalledTimes(2)
  })
})

describe('createExtractorRegistry', () => {
  it('refuses a missing name or a non-function', () => {
    const registry = createExtractorRegistry()
    expect(() => registry.register('', () => 'x')).toThrow(TypeError)
    expect(() => registry.register('x', 'not a function' as never)).toThrow(TypeError)
  })

  it('lets a later registration replace an earlier one', () => {
    const registry = createExtractorRegistry()
    const second = () => 'second'
    registry.register('a', () => 'first')
    registry.register('a', second, { timeoutMs: 5 })
    expect(registry.get('a')).toEqual({ run: second, options: { timeoutMs: 5 } })
  })
})
