import { describe, expect, it } from 'vitest'
import { isUuid } from './uuid.js'

describe('isUuid', () => {
  it('takes a UUID in its text form, in either case', () => {
    expect(isUuid('0b6f3c6e-8a4e-4c3a-9d35-1f0e6b1f2a7c')).toBe(true)
    expect(isUuid('0B6F3C6E-8A4E-4C3A-9D35-1F0E6B1F2A7C')).toBe(true)
  })

  it.each([undefined, null, 42, '', '0b6f3c6e8a4e4c3a9d351f0e6b1f2a7c', '0b6f3c6e-8a4e-4c3a-9d35-1f0e6b1f2a7c\n', ' 0b6f3c6e-8a4e-4c3a-9d35-1f0e6b1f2a7c', '0b6f3c6e-8a4e-4c3a-9d35-1f0e6b1f2a7g', '{0b6f3c6e-8a4e-4c3a-9d35-1f0e6b1f2a7c}'])('refuses %j', (value) => {
    expect(isUuid(value)).toBe(false)
  })
})
