import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenClaims } from './token-source'

const encode = (claims: object) => btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('tokenClaims', () => {
  it("reads a token's claims without verifying it, and anything unreadable as none", () => {
    expect(tokenClaims(`e30.${encode({ sub: 'cus_1', locale: 'fr' })}.sig`)).toEqual({
      sub: 'cus_1',
      locale: 'fr',
    })
    expect(tokenClaims('e30.not-json.sig')).toEqual({})
    expect(tokenClaims('e30.bnVsbA.sig')).toEqual({}) // null
  })

  it('no token yet (getToken still asking) is no claims, read without throwing on the way to the dialog', () => {
    const parse = vi.spyOn(JSON, 'parse')
    expect(tokenClaims('')).toEqual({})
    expect(tokenClaims('opaque')).toEqual({})
    expect(parse).not.toHaveBeenCalled()
  })
})
