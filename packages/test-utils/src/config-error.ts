import { expect } from 'vitest'

/**
 * Runs `resolve` and checks that it throws the kernel's `ChatbotConfigException` (code
 * `config_invalid`) naming `key`, in its `key` and in its message.
 */
export function expectConfigError(resolve: () => unknown, key: string): void {
  let thrown: unknown
  try {
    resolve()
  } catch (error) {
    thrown = error
  }
  expect(thrown, `expected a config error naming ${key}`).toMatchObject({ name: 'ChatbotConfigException', key })
  expect((thrown as Error).message).toContain(`"${key}"`)
  expect((thrown as { code(): string }).code()).toBe('config_invalid')
}
