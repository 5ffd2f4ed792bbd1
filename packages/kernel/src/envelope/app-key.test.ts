import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ChatbotConfigException } from '../errors/index.js'
import { generateAppKey, parseAppKey } from './index.js'

function configError(value: string | undefined, name?: string): ChatbotConfigException {
  try {
    parseAppKey(value, name)
  } catch (error) {
    expect(error).toBeInstanceOf(ChatbotConfigException)
    return error as ChatbotConfigException
  }
  throw new Error('parseAppKey accepted the key')
}

describe('parseAppKey', () => {
  it.each([undefined, '', '   '])('a missing key (%j) names appKey and says how to create one', (value) => {
    const error = configError(value)
    expect(error.key).toBe('appKey')
    expect(error.message).toContain('"appKey"')
    expect(error.message).toContain('npx chatbot key')
    expect(error.message).toContain('openssl rand -base64 32')
  })

  it('accepts base64: with 32 bytes and returns those bytes', () => {
    const bytes = randomBytes(32)
    expect(parseAppKey(`base64:${bytes.toString('base64')}`).equals(bytes)).toBe(true)
  })

  it('accepts a plain string of 32 varied characters as its UTF-8 bytes', () => {
    const key = 'kT9#vQ2!mZ7@pL4$wX8%rN1^bH6&cJ3*'
    expect(parseAppKey(key).equals(Buffer.from(key))).toBe(true)
  })

  it.each([
    ['base64 of 31 bytes', `base64:${randomBytes(31).toString('base64')}`],
    ['base64 that is not base64', `base64:${'not base64!'.repeat(5)}`],
    ['base64 missing its padding', `base64:${randomBytes(32).toString('base64').replace(/=+$/, '')}`],
    ['base64 of 32 zero bytes', `base64:${Buffer.alloc(32).toString('base64')}`],
    ['31 characters', 'kT9#vQ2!mZ7@pL4$wX8%rN1^bH6&cJ3'],
    ['one repeated character', 'a'.repeat(64)],
    ['nine distinct characters', 'abcdefghi'.repeat(4)],
    ['a repeated pattern', '0123456789abcdef'.repeat(2)],
    ['a repeated pattern with a partial tail', `${'0123456789'.repeat(3)}01`],
  ])('rejects %s, naming the key without echoing it', (_, value) => {
    const error = configError(value, 'appKeyPrevious')
    expect(error.key).toBe('appKeyPrevious')
    expect(error.message).toContain('"appKeyPrevious"')
    expect(error.message).not.toContain(value.replace(/^base64:/, ''))
  })
})

describe('generateAppKey', () => {
  it('returns base64: and 32 fresh random bytes that parseAppKey accepts', () => {
    const key = generateAppKey()
    expect(key).toMatch(/^base64:[A-Za-z0-9+/]{43}=$/)
    expect(parseAppKey(key)).toHaveLength(32)
    expect(generateAppKey()).not.toBe(key)
  })
})
