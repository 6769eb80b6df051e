import { describe, expect, it } from 'vitest'
import { buildRedirectUrl } from './redirect'

describe('buildRedirectUrl', () => {
  const ids = { customer_id: 'cus_1', subscription_id: 'sub_2', plan_id: 'price_3' }

  it('fills every placeholder, every time it appears', () => {
    expect(
      buildRedirectUrl(
        'https://shop.test/pause/{subscription_id}?c={customer_id}&p={plan_id}&again={customer_id}',
        ids,
      ),
    ).toBe('https://shop.test/pause/sub_2?c=cus_1&p=price_3&again=cus_1')
  })

  it('URL-encodes values so they cannot add a path, query or fragment', () => {
    expect(buildRedirectUrl('https://shop.test/u/{customer_id}', { customer_id: '../admin?x=1#y z' })).toBe(
      'https://shop.test/u/..%2Fadmin%3Fx%3D1%23y%20z',
    )
  })

  it('fills a missing value with nothing and leaves other braces alone', () => {
    expect(
      buildRedirectUrl('http://shop.test/?p={plan_id}&o={other}', { customer_id: 'c', plan_id: null }),
    ).toBe('http://shop.test/?p=&o={other}')
  })

  it('returns null unless the result is an http(s) URL', () => {
    expect(buildRedirectUrl('javascript:alert(1)', ids)).toBeNull()
    expect(buildRedirectUrl('ftp://shop.test/{customer_id}', ids)).toBeNull()
    expect(buildRedirectUrl('/relative/{customer_id}', ids)).toBeNull()
    expect(buildRedirectUrl('{customer_id}', { customer_id: 'javascript:alert(1)' })).toBeNull()
    expect(buildRedirectUrl('not a url', ids)).toBeNull()
  })
})
