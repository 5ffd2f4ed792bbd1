import { describe, expect, it } from 'vitest'
import type { ChatbotConfig } from '@chatbot-kit/kernel'
import { configWarnings } from '../src/config/kit-config.js'
import { resolveConfig } from '../src/create.js'

const warn = (config: Record<string, unknown>, tools: string[] = []) => configWarnings(resolveConfig(config as ChatbotConfig, {}), tools)

describe('configWarnings', () => {
  it('says nothing about a config of known keys', () => {
    expect(warn({ model: 'm', throttle: { perMinute: 3 }, database: { url: 'x.sqlite', tablePrefix: 'cb_' }, channels: { support: { allowedTools: ['order_status'] } } }, ['order_status'])).toEqual([])
  })

  it('names an unknown key with the closest known one, at any depth', () => {
    expect(warn({ modle: 'gpt-4o' })).toEqual(['Unknown config key "modle" (did you mean "model"?); it is ignored.'])
    expect(warn({ throttle: { perMinut: 5 } })).toEqual(['Unknown config key "throttle.perMinut" (did you mean "throttle.perMinute"?); it is ignored.'])
    expect(warn({ channels: { support: { promt: 'Hi' } } })).toEqual(['Unknown config key "channels.support.promt" (did you mean "channels.support.prompt"?); it is ignored.'])
  })

  it('names an unknown key without a guess when nothing is close', () => {
    expect(warn({ colourScheme: 'dark' })).toEqual(['Unknown config key "colourScheme"; it is ignored.'])
  })

  it('leaves the free-form maps alone (middleware names, channel names)', () => {
    expect(warn({ middleware: { 'my-auth': () => undefined }, channels: { 'any-name': {} } })).toEqual([])
  })

  it('names an allowedTools entry that matches no registered tool', () => {
    expect(warn({ channels: { support: { allowedTools: ['order_stauts', 'refund'] } } }, ['order_status'])).toEqual([
      'channels.support.allowedTools: "order_stauts" names no registered tool (did you mean "order_status"?); it is never offered.',
      'channels.support.allowedTools: "refund" names no registered tool; it is never offered.',
    ])
  })

  it('names a toolApproval key that matches no registered tool, and passes the names of a configured MCP server', () => {
    const mcp = { servers: { docs: { url: 'http://127.0.0.1:3001/mcp' } } }
    const support = { allowedTools: ['docs__*', 'wiki__search'], toolApproval: { docs__search: 'required', order_stauts: 'required' } }
    expect(warn({ mcp, channels: { support } }, ['order_status'])).toEqual([
      'channels.support.allowedTools: "wiki__search" names no registered tool; it is never offered.',
      'channels.support.toolApproval: "order_stauts" names no registered tool (did you mean "order_status"?); it applies to no call.',
    ])
  })
})
