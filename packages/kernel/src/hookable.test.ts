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
})
