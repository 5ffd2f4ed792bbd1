import { describe, expect, it } from 'vitest'
import { en, format, parseStrings, resolveStrings } from '../../src/i18n/strings.js'

describe('strings', () => {
  it('is English unless the host translates', () => {
    expect(resolveStrings(undefined)).toEqual(en)
    expect(resolveStrings({ send: 'Senden', retry: 'Erneut versuchen' })).toEqual({ ...en, send: 'Senden', retry: 'Erneut versuchen' })
  })

  it('reads the attribute’s JSON, and ignores malformed JSON and non-string values', () => {
    expect(parseStrings('{"send":"Envoyer","stop":3}')).toEqual({ send: 'Envoyer' })
    expect(parseStrings('{not json')).toEqual({})
    expect(resolveStrings('[]')).toEqual(en)
  })

  it('fills placeholders and leaves unknown ones', () => {
    expect(format(en.toolRunning, { name: 'orders' })).toBe('Using orders…')
    expect(format('{name} {other}', { name: 'x' })).toBe('x {other}')
  })
})
