import { describe, expect, it } from 'vitest'
import { compileAllowlist, isOriginAllowed } from '../src/allowlist.js'

const allowed = (entries: string[], origin: string) => isOriginAllowed(compileAllowlist(entries), origin)

describe('origin allowlist', () => {
  it('compares exact origins as browsers send them: scheme, host and port', () => {
    const list = ['https://shop.example.com', 'http://localhost:3000']
    expect(allowed(list, 'https://shop.example.com')).toBe(true)
    expect(allowed(list, 'http://localhost:3000')).toBe(true)
    expect(allowed(list, 'http://shop.example.com')).toBe(false)
    expect(allowed(list, 'https://shop.example.com:8443')).toBe(false)
    expect(allowed(list, 'http://localhost:3001')).toBe(false)
    expect(allowed(list, 'https://www.shop.example.com')).toBe(false)
  })

  it('writes entries the way the header reads: case and the default port do not matter', () => {
    expect(allowed(['HTTPS://Shop.Example.COM:443'], 'https://shop.example.com')).toBe(true)
    expect(allowed(['http://[::1]:3000'], 'http://[::1]:3000')).toBe(true)
  })

  it('matches nothing that is not a serialized origin: null, a path, a trailing slash, garbage', () => {
    const list = ['https://shop.example.com']
    for (const origin of ['null', 'https://shop.example.com/', 'https://shop.example.com/page', 'HTTPS://SHOP.EXAMPLE.COM', 'shop.example.com', '']) {
      expect(allowed(list, origin)).toBe(false)
    }
  })

  it('lets a wildcard match subdomains at any depth, never the domain itself, another scheme or port', () => {
    const list = ['https://*.example.com']
    expect(allowed(list, 'https://shop.example.com')).toBe(true)
    expect(allowed(list, 'https://eu.shop.example.com')).toBe(true)
    expect(allowed(list, 'https://example.com')).toBe(false)
    expect(allowed(list, 'https://evilexample.com')).toBe(false)
    expect(allowed(list, 'https://shop.example.com.evil.test')).toBe(false)
    expect(allowed(list, 'http://shop.example.com')).toBe(false)
    expect(allowed(list, 'https://shop.example.com:8443')).toBe(false)
    expect(allowed(['https://*.example.com:8443'], 'https://shop.example.com:8443')).toBe(true)
  })
})
