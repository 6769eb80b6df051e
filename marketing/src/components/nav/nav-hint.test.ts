import { describe, expect, it } from 'vitest'
import {
  accountLabel,
  accountRoute,
  billingUrl,
  NAV_HINT_STORAGE_KEY,
  parseNavHint,
  readNavHint,
} from './nav-hint'

const base = {
  accountId: 'acct_1',
  accountName: 'Acme',
  accountSlug: 'acme',
  email: 'ops@acme.test',
  canEditConfig: true,
}

describe('nav hint', () => {
  it('uses the console key', () => {
    expect(NAV_HINT_STORAGE_KEY).toBe('retainkit.nav')
  })

  it('parses a complete hint', () => {
    expect(
      parseNavHint(JSON.stringify({ ...base, billingPortalUrl: 'https://billing.example/p/1' })),
    ).toEqual({
      ...base,
      billingPortalUrl: 'https://billing.example/p/1',
    })
  })

  it('treats missing, malformed or id-less hints as signed out', () => {
    expect(parseNavHint(null)).toBeNull()
    expect(parseNavHint('{not json')).toBeNull()
    expect(parseNavHint('"text"')).toBeNull()
    expect(parseNavHint(JSON.stringify({ ...base, accountId: '' }))).toBeNull()
    expect(parseNavHint(JSON.stringify({ accountName: 'x' }))).toBeNull()
  })

  it('grants the editor only for canEditConfig === true', () => {
    expect(parseNavHint(JSON.stringify({ ...base, canEditConfig: 'yes' }))?.canEditConfig).toBe(false)
  })

  it('drops a billing URL that is not http(s) or a site path', () => {
    const hint = parseNavHint(JSON.stringify({ ...base, billingPortalUrl: 'javascript:alert(1)' }))
    expect(hint && billingUrl(hint)).toBe('/settings/?tab=billing')
  })

  it('labels the account by name, else slug, else email', () => {
    expect(accountLabel({ ...base })).toBe('Acme')
    expect(accountLabel({ ...base, accountName: '' })).toBe('acme')
    expect(accountLabel({ ...base, accountName: '', accountSlug: '' })).toBe('ops@acme.test')
  })

  it('puts the account id on dashboard and editor links', () => {
    expect(accountRoute('dashboard', { ...base, accountId: 'a b' })).toBe('/dashboard/?account_id=a%20b')
    expect(accountRoute('editor', base)).toBe('/editor/?account_id=acct_1')
  })

  it('survives storage that throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(readNavHint(throwing)).toBeNull()
    expect(readNavHint(undefined)).toBeNull()
  })
})
