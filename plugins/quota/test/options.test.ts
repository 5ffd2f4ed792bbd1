import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { quotaPlugin } from '../src/index.js'

const resolve = (config: object, env: Record<string, string> = {}) => resolveConfig(config, env, { plugins: [quotaPlugin()] })

describe('quotaOptions', () => {
  it('defaults dailyQuota to 200000 input and 50000 output tokens', () => {
    expect(resolve({}).dailyQuota).toEqual({ input: 200_000, output: 50_000 })
  })

  it('lets env beat the file, and the file beat the defaults', () => {
    const config = resolve({ dailyQuota: { input: 10, output: 20 } }, { CHATBOT_DAILY_QUOTA_OUTPUT: '0' })
    expect(config.dailyQuota).toEqual({ input: 10, output: 0 })
    expect(resolve({}, { CHATBOT_DAILY_QUOTA_INPUT: '1000' }).dailyQuota).toEqual({ input: 1000, output: 50_000 })
  })

  it.each([
    [{ dailyQuota: { output: 2 ** 60 } }, {}, 'dailyQuota.output'],
    [{ dailyQuota: { input: -1 } }, {}, 'dailyQuota.input'],
    [{}, { CHATBOT_DAILY_QUOTA_INPUT: 'lots' }, 'CHATBOT_DAILY_QUOTA_INPUT'],
  ])('names the bad key (%j %j)', (file, env, key) => {
    expectConfigError(() => resolve(file, env), key)
  })
})
