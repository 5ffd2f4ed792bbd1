import { expectConfigError } from '@chatbot-kit/test-utils'
import { describe, expect, test } from 'vitest'
import { resolveConfig } from './resolve.js'

describe('baseUrl', () => {
  test('takes an http or https URL, from the file or CHATBOT_BASE_URL', () => {
    expect(resolveConfig({}, {}).baseUrl).toBe('https://api.openai.com/v1')
    expect(resolveConfig({ baseUrl: 'http://localhost:11434/v1' }, {}).baseUrl).toBe('http://localhost:11434/v1')
    expect(resolveConfig({}, { CHATBOT_BASE_URL: 'https://openrouter.ai/api/v1' }).baseUrl).toBe('https://openrouter.ai/api/v1')
  })

  // A misspelled scheme parses as a URL: without this check it passed start-up and every turn
  // failed as a transient network error, retried.
  test.each([
    [{ baseUrl: 'htps://api.openai.com/v1' }, {}],
    [{ baseUrl: 'localhost:11434/v1' }, {}],
    [{ baseUrl: 'ftp://example.com/v1' }, {}],
    [{ baseUrl: 'not a url' }, {}],
    [{}, { CHATBOT_BASE_URL: 'htps://api.openai.com/v1' }],
    [{}, { CHATBOT_BASE_URL: '//api.openai.com/v1' }],
  ])('anything else stops start-up with config_invalid naming baseUrl (%j %j)', (file, env) => {
    expectConfigError(() => resolveConfig(file, env), 'baseUrl')
  })
})
