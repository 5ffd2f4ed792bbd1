import { describe, expect, test } from 'vitest'
import { declarationsOf } from './declarations.js'
import { count, defineOptions } from './options.js'
import { envWarnings } from './warnings.js'

const greeter = { name: 'greeter', options: defineOptions({ 'greeter.times': count(2, 1, 9, { env: 'CHATBOT_GREETER_TIMES', doc: 'how often' }) }) }

describe('envWarnings', () => {
  test('a misspelled CHATBOT_* variable gets one warning with the closest name a declaration reads', () => {
    expect(envWarnings({ CHATBOT_MODLE: 'qwen3:8b', CHATBOT_STREAM_DURATON: '120', CHATBOT_MODEL: 'gpt-4o' }, declarationsOf([]))).toEqual([
      'Unknown environment variable "CHATBOT_MODLE" (did you mean "CHATBOT_MODEL"?); it is ignored.',
      'Unknown environment variable "CHATBOT_STREAM_DURATON" (did you mean "CHATBOT_STREAM_DURATION"?); it is ignored.',
    ])
  })

  test('a name near none gets no hint (the shared CHATBOT_ prefix does not make names near)', () => {
    expect(envWarnings({ CHATBOT_DEBUG: '1' }, declarationsOf([]))).toEqual(['Unknown environment variable "CHATBOT_DEBUG"; it is ignored.'])
  })

  test("a registered plugin's variables are known; without the plugin they are not", () => {
    expect(envWarnings({ CHATBOT_GREETER_TIMES: '3' }, declarationsOf([greeter]))).toEqual([])
    expect(envWarnings({ CHATBOT_GREETER_TIMEZ: '3' }, declarationsOf([greeter]))).toEqual([
      'Unknown environment variable "CHATBOT_GREETER_TIMEZ" (did you mean "CHATBOT_GREETER_TIMES"?); it is ignored.',
    ])
    expect(envWarnings({ CHATBOT_GREETER_TIMES: '3' }, declarationsOf([]))).toHaveLength(1)
  })

  test("chatbot-kit's tooling variables, CHATBOT_TEST_*, every declared one and other prefixes pass", () => {
    const env = {
      CHATBOT_TEST_POSTGRES_URL: 'postgres://…',
      CHATBOT_TEST_ANYTHING: '1',
      CHATBOT_SKIP_BROWSER: '1',
      CHATBOT_CHROMIUM: '/usr/bin/chromium',
      CHATBOT_FIREFOX: '/usr/bin/firefox-esr',
      CHATBOT_UPDATE_DOCS_SCREENSHOT: '1',
      CHATBOT_URL: 'http://127.0.0.1:3000',
      CHATBOT_APP_KEY_PREVIOUS: 'a,b',
      CHATBOT_PROVIDER_FIRST_BYTE_TIMEOUT: '30',
      MY_CHATBOT_MODLE: 'x',
      chatbot_modle: 'x',
    }
    expect(envWarnings(env, declarationsOf([]))).toEqual([])
  })
})
