import { describe, expect, it } from 'vitest'
import { isLocalDevOrigin, isOriginAllowed, parseOrigin, requestOrigin } from './origins'

describe('widget CORS origins', () => {
  const domain = 'shop.example'
  it('allows the domain, www and any subdomain over https', () => {
    for (const origin of [
      'https://shop.example',
      'https://www.shop.example',
      'https://app.eu.shop.example',
    ]) {
      expect(isOriginAllowed(origin, domain, false)).toBe(true)
    }
  })
  it('refuses plain http, other ports, look-alikes and other sites', () => {
    for (const origin of [
      'http://shop.example',
      'https://shop.example:8443',
      'https://evilshop.example',
      'https://shop.example.evil.test',
      'https://example',
      'null',
      'https://user@shop.example',
      'https://shop.example/path',
    ]) {
      expect(isOriginAllowed(origin, domain, false)).toBe(false)
    }
  })
  it('allows localhost and 127.0.0.1 on any port only in test mode', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8788', 'http://localhost']) {
      expect(isOriginAllowed(origin, domain, true)).toBe(true)
      expect(isOriginAllowed(origin, domain, false)).toBe(false)
      expect(isLocalDevOrigin(origin)).toBe(true)
    }
    expect(isOriginAllowed('https://shop.example', domain, true)).toBe(true)
  })
  it('allows nothing but test mode without a domain', () => {
    expect(isOriginAllowed('https://shop.example', null, false)).toBe(false)
    expect(isOriginAllowed('http://localhost:5173', null, true)).toBe(true)
  })
  it('lets a www domain own its apex', () => {
    expect(isOriginAllowed('https://shop.example', 'www.shop.example', false)).toBe(true)
  })
  it('parses only serialized origins', () => {
    expect(parseOrigin('https://shop.example')).toEqual({
      protocol: 'https:',
      hostname: 'shop.example',
      port: '',
    })
    expect(parseOrigin('javascript:alert(1)')).toBeNull()
    expect(parseOrigin('https://shop.example?x=1')).toBeNull()
  })
  it('takes the Referer origin when there is no Origin header', () => {
    expect(requestOrigin(undefined, 'https://shop.example/account/billing?x=1')).toBe('https://shop.example')
    expect(requestOrigin('https://a.example', 'https://b.example/')).toBe('https://a.example')
    expect(requestOrigin(undefined, 'not a url')).toBeNull()
    expect(requestOrigin(undefined, undefined)).toBeNull()
  })
})
