import { expectConfigError } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from './resolve.js'

describe('provider.api', () => {
  test("defaults to 'chat'; the file or CHATBOT_PROVIDER_API picks 'responses', the variable winning", () => {
    expect(resolveConfig({}, {}).provider.api).toBe('chat')
    expect(resolveConfig({ provider: { api: 'responses' } }, {}).provider.api).toBe('responses')
    expect(resolveConfig({ provider: { api: 'responses' } }, { CHATBOT_PROVIDER_API: 'chat' }).provider.api).toBe('chat')
  })

  test.each([
    [{ provider: { api: 'response' } }, {}],
    [{ provider: { api: 42 } }, {}],
    [{}, { CHATBOT_PROVIDER_API: 'Responses' }],
    [{}, { CHATBOT_PROVIDER_API: 'completions' }],
  ])('an unknown value fails start-up naming the key (%j %j)', (file, env) => {
    expectConfigError(() => resolveConfig(file as never, env), 'provider.api')
  })
})
