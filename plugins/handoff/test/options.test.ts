import { expectConfigError } from '@chatbot-kit/test-utils'
import { resolveConfig } from '@chatbot-kit/kernel'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIMEOUT_MESSAGE, DEFAULT_WAIT_TIMEOUT, handoffOf, handoffPlugin } from '../src/index.js'

const resolve = (config: object) => resolveConfig(config, {}, { plugins: [handoffPlugin()] })
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

describe('handoffOptions', () => {
  it('is off by default; a channel turns it on, with the contract’s defaults and the top-level webhook', () => {
    const config = resolve({ handoff: { webhook: { url: 'https://desk.example.com/in', secret } }, channels: { default: {}, support: { handoff: { enabled: true } } } })
    expect(config.handoff.webhook).toEqual({ url: 'https://desk.example.com/in', secret })
    expect(config.channels.support!.handoff).toEqual({ enabled: true })
    expect(config.channels.default!.handoff).toBeUndefined()
    expect(resolve({}).handoff.webhook).toBeUndefined()
    expect(DEFAULT_WAIT_TIMEOUT).toBe(300)
    expect(handoffOf({ handoff: { enabled: true } } as never, config.handoff.webhook)).toEqual({ waitTimeout: 300, message: DEFAULT_TIMEOUT_MESSAGE, webhook: config.handoff.webhook })
    // A channel's own webhook beats the top-level one.
    const own = { url: 'http://127.0.0.1:9/own', secret }
    expect(handoffOf({ handoff: { enabled: true, waitTimeout: 5, message: 'Later.', webhook: own } } as never, config.handoff.webhook)).toEqual({ waitTimeout: 5, message: 'Later.', webhook: own })
    expect(handoffOf({ handoff: { enabled: false } } as never, config.handoff.webhook)).toBeUndefined()
  })

  it.each([
    [{ handoff: { webhook: { url: 'ftp://x', secret } } }, 'handoff.webhook.url'],
    [{ handoff: { webhook: { url: 'https://x.dev', secret: 'plain' } } }, 'handoff.webhook.secret'],
    [{ handoff: { webhook: { url: 'https://x.dev', secret, extra: 1 } } }, 'handoff.webhook.extra'],
    [{ channels: { default: { handoff: true } } }, 'channels.default.handoff'],
    [{ channels: { default: { handoff: { enabled: 'yes' } } } }, 'channels.default.handoff.enabled'],
    [{ channels: { default: { handoff: { enabled: true, waitTimeout: 0 } } } }, 'channels.default.handoff.waitTimeout'],
    [{ channels: { default: { handoff: { enabled: true, message: ' ' } } } }, 'channels.default.handoff.message'],
    [{ channels: { default: { handoff: { enabled: true, webhook: { url: 'https://x.dev' } } } } }, 'channels.default.handoff.webhook.secret'],
    [{ channels: { default: { handoff: { enabled: true, wait: 5 } } } }, 'channels.default.handoff.wait'],
  ])('refuses %j naming %s', (config, key) => {
    expectConfigError(() => resolve(config), key)
  })
})
