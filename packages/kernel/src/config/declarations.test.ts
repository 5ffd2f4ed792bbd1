import { describe, expect, it } from 'vitest'
import { ChatbotConfigException } from '../errors/start-up.js'
import { resolveChannelSettings } from './channel-settings.js'
import { count, defineOptions, list } from './options.js'
import { resolveConfig } from './resolve.js'
import { configWarnings } from './warnings.js'

// A plugin with one top-level key that channels may override, and one channel-only key.
const greeter = {
  name: 'greeter',
  options: defineOptions({
    'greeter.times': count(2, 1, 9, { env: 'CHATBOT_GREETER_TIMES', channel: true, doc: 'how often' }),
    greeterWords: list(['hi'], { channel: 'only', doc: 'words' }),
  }),
}
const resolve = (config: Record<string, unknown>, env: Record<string, string> = {}) => resolveConfig(config as never, env, { plugins: [greeter] })

describe('a plugin declaring its keys', () => {
  it('gets its defaults, the file beats them and env beats the file', () => {
    expect(resolve({})).toMatchObject({ greeter: { times: 2 } })
    expect(resolve({ greeter: { times: 3 } })).toMatchObject({ greeter: { times: 3 } })
    expect(resolve({ greeter: { times: 3 } }, { CHATBOT_GREETER_TIMES: '4' })).toMatchObject({ greeter: { times: 4 } })
  })

  it('has its per-channel keys fall back to the top level, or to their default', () => {
    const config = resolve({ greeter: { times: 5 }, channels: { support: { greeter: { times: 7 }, greeterWords: ['hello'] } } })
    expect(resolveChannelSettings(config, 'default')).toMatchObject({ greeter: { times: 5 }, greeterWords: ['hi'] })
    expect(resolveChannelSettings(config, 'support')).toMatchObject({ greeter: { times: 7 }, greeterWords: ['hello'] })
  })

  it.each([
    [{ greeter: { times: 0 } }, {}, 'greeter.times'],
    [{}, { CHATBOT_GREETER_TIMES: 'often' }, 'CHATBOT_GREETER_TIMES'],
    [{ channels: { support: { greeterWords: [''] } } }, {}, 'channels.support.greeterWords'],
  ])('names a bad value of its keys (%j %j)', (file, env, key) => {
    expect(() => resolve(file, env)).toThrow(ChatbotConfigException)
    expect(() => resolve(file, env)).toThrow(`"${key}"`)
  })

  it('warns about a key neither the kernel nor a plugin declares, and not about its own', () => {
    expect(configWarnings(resolve({ greeter: { times: 3, tims: 1 }, channels: { support: { greeterWords: [] } } }))).toEqual([
      'Unknown config key "greeter.tims" (did you mean "greeter.times"?); it is ignored.',
    ])
    // Without the plugin, its key is unknown.
    expect(configWarnings(resolveConfig({ greeter: { times: 3 } } as never, {}))).toEqual(['Unknown config key "greeter"; it is ignored.'])
  })

  it('stops start-up when two owners declare the same key', () => {
    const clash = { name: 'clash', options: defineOptions({ 'greeter.times': count(1, 1, 2, { doc: '' }) }) }
    expect(() => resolveConfig({}, {}, { plugins: [greeter, clash] })).toThrow('The config key "greeter.times" is declared by both "greeter" and "clash".')
  })

  it('lets a host plugin of the same name replace a given one', () => {
    const mine = { name: 'greeter' }
    expect(resolveConfig({ plugins: [mine] } as never, {}, { plugins: [greeter] }).plugins).toEqual([mine])
  })
})

describe('resolved configs', () => {
  it('share no default block or list with each other', () => {
    const first = resolveConfig({}, {})
    first.channels.default!.prompt = 'changed'
    first.appKeyPrevious.push('changed')
    const second = resolveConfig({}, {})
    expect(second.channels.default).toEqual({})
    expect(second.appKeyPrevious).toEqual([])
  })
})
