import { describe, expect, it, vi } from 'vitest'
import { KernelHooks } from './hookable.js'

describe('KernelHooks', () => {
  it('lists a hook’s listeners in order, as they are added and removed', () => {
    const hooks = new KernelHooks()
    const first = () => undefined
    const second = () => undefined
    const third = () => undefined
    const unregister = hooks.hook('turn:chunk', first)
    hooks.addHooks({ turn: { chunk: second } })
    hooks.hook('turn:chunk', third)
    expect(hooks.listeners('turn:chunk')).toEqual([first, second, third])
    unregister()
    hooks.removeHook('turn:chunk', third)
    expect(hooks.listeners('turn:chunk')).toEqual([second])
    hooks.removeAllHooks()
    expect(hooks.listeners('turn:chunk')).toEqual([])
  })

  it('reads the listeners without calling the host’s beforeEach or afterEach', () => {
    const hooks = new KernelHooks()
    const before = vi.fn()
    hooks.beforeEach(before)
    hooks.hook('turn:chunk', () => undefined)
    hooks.listeners('turn:chunk')
    expect(before).not.toHaveBeenCalled()
  })

  it('calls a synchronous hook’s listeners in order in one loop: the first throw stops it, unless a handler takes it', () => {
    const hooks = new KernelHooks()
    const calls: string[] = []
    const failure = new Error('refused')
    hooks.hook('turn:chunk', (_turn, text) => void calls.push(`first ${text}`))
    hooks.hook('turn:chunk', () => {
      throw failure
    })
    hooks.hook('turn:chunk', (_turn, text) => void calls.push(`third ${text}`))
    const call = hooks.syncCaller('turn:chunk')!
    expect(() => call({} as never, 'a')).toThrow(failure)
    expect(calls).toEqual(['first a'])
    const errors: unknown[] = []
    hooks.syncCaller('turn:chunk', (error) => errors.push(error))!({} as never, 'b')
    expect(calls).toEqual(['first a', 'first b', 'third b'])
    expect(errors).toEqual([failure])
  })

  it('snapshots the listeners for the per-token path, and has no caller for a hook nobody listens to', () => {
    const hooks = new KernelHooks()
    expect(hooks.syncCaller('turn:event')).toBeUndefined()
    expect(hooks.hasListeners('turn:event')).toBe(false)
    const first = vi.fn()
    hooks.hook('turn:event', first)
    const call = hooks.syncCaller('turn:event')!
    const later = vi.fn()
    hooks.hook('turn:event', later)
    call({} as never, {} as never)
    expect(first).toHaveBeenCalledOnce()
    expect(later).not.toHaveBeenCalled()
    expect(hooks.hasListeners('turn:event')).toBe(true)
  })

  it('runs callSync through hookable, so the host’s beforeEach sees envelope:mint and request:refused', () => {
    const hooks = new KernelHooks()
    const before = vi.fn()
    const listener = vi.fn()
    hooks.beforeEach(before)
    hooks.hook('envelope:mint', listener)
    const claims = { channel: 'support' } as never
    hooks.callSync('envelope:mint', [claims])
    expect(listener).toHaveBeenCalledWith(claims)
    expect(before).toHaveBeenCalledOnce()
    expect(before.mock.calls[0]![0]).toMatchObject({ name: 'envelope:mint', args: [claims] })
  })
})
