import { expect, it } from 'vitest'
import * as kernelPlugin from '@chatbot-kit/kernel/plugin'
import * as kitPlugin from 'chatbot-kit/plugin'

it('chatbot-kit/plugin is the kernel’s plugin entry', () => {
  expect(Object.keys(kitPlugin).sort()).toEqual(Object.keys(kernelPlugin).sort())
  for (const [name, value] of Object.entries(kernelPlugin)) expect((kitPlugin as Record<string, unknown>)[name], name).toBe(value)
})
