import { resolveConfig, type ChatbotConfig } from '@chatbot-kit/kernel'
import { expectConfigError } from '@chatbot-kit/test-utils'
import { describe, expect, it } from 'vitest'
import { repliesPlugin } from '../src/index.js'

const resolve = (config: ChatbotConfig = {}, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [repliesPlugin()] })

describe('replies options', () => {
  it('defaults stream.resumeWindow to 600 s, beside the kernel\'s stream.abortOnDisconnect', () => {
    expect(resolve().stream).toEqual({ abortOnDisconnect: false, resumeWindow: 600 })
  })

  it('reads CHATBOT_STREAM_RESUME_WINDOW, which beats the file; 0 is allowed', () => {
    expect(resolve({ stream: { resumeWindow: 30 } }).stream.resumeWindow).toBe(30)
    expect(resolve({ stream: { resumeWindow: 30 } }, { CHATBOT_STREAM_RESUME_WINDOW: '0' }).stream.resumeWindow).toBe(0)
  })

  it.each([
    [{ stream: { resumeWindow: -1 } }, {}],
    [{ stream: { resumeWindow: 1.5 } }, {}],
    [{ stream: { resumeWindow: 86_401 } }, {}],
    [{ stream: { resumeWindow: '60' as unknown as number } }, {}],
    [{}, { CHATBOT_STREAM_RESUME_WINDOW: 'ten' }],
  ])('refuses %j %j', (config, env) => {
    expectConfigError(() => resolve(config, env), Object.keys(env).length > 0 ? 'CHATBOT_STREAM_RESUME_WINDOW' : 'stream.resumeWindow')
  })
})
