import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkRuntimeConfig, loadRuntimeConfig, siteAddressFor } from './runtime-config'

const valid = {
  backendUrl: 'http://localhost:8787/',
  apiBaseUrl: 'https://api.example.com',
  anonKey: 'a'.repeat(20),
  apiKey: 'k'.repeat(32),
  stripeRedirectUrl: 'http://localhost:8787/stripe/callback',
  embeddedAuth: true,
  devOutbox: true,
  stripeConnect: false,
  stripeClientId: null,
}

afterEach(() => vi.unstubAllGlobals())

describe('the console opened at another origin than PUBLIC_URL', () => {
  const at = (href: string) => {
    const url = new URL(href)
    return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash }
  }

  it('moves to the same page on PUBLIC_URL when the server names one', () => {
    const config = checkRuntimeConfig({ ...valid, siteUrl: 'https://retain.example.com' })
    expect(config.ok && config.config.siteUrl).toBe('https://retain.example.com')
    if (!config.ok) return
    expect(siteAddressFor(config.config, at('http://127.0.0.1:8787/login/?next=%2Fdashboard%2F#x'))).toBe(
      'https://retain.example.com/login/?next=%2Fdashboard%2F#x',
    )
    expect(siteAddressFor(config.config, at('https://retain.example.com/login/'))).toBeNull()
  })

  it('stays where it is on the embedded default (no siteUrl), and ignores a siteUrl that is not http(s)', () => {
    for (const siteUrl of [null, undefined, 'javascript:alert(1)', '//evil.example']) {
      const config = checkRuntimeConfig({ ...valid, siteUrl })
      expect(config.ok && config.config.siteUrl).toBeNull()
      if (config.ok) expect(siteAddressFor(config.config, at('http://127.0.0.1:8787/login/'))).toBeNull()
    }
  })
})

describe('startup environment check', () => {
  it('accepts a valid config and trims trailing slashes from the URLs', () => {
    const result = checkRuntimeConfig(valid)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.config.backendUrl).toBe('http://localhost:8787')
    expect(result.config.devOutbox).toBe(true)
    expect(result.config.billingPortalUrl).toBeNull()
  })

  it.each(['backendUrl', 'apiBaseUrl', 'stripeRedirectUrl'] as const)(
    '%s must start with http',
    (setting) => {
      for (const value of ['', 'ftp://x', '/relative', 'localhost:8787', undefined]) {
        const result = checkRuntimeConfig({ ...valid, [setting]: value })
        expect(result).toEqual({ ok: false, problems: [{ setting, rule: 'must start with http' }] })
      }
    },
  )

  it.each(['anonKey', 'apiKey'] as const)('%s must be at least 20 characters', (setting) => {
    expect(checkRuntimeConfig({ ...valid, [setting]: 'x'.repeat(19) })).toEqual({
      ok: false,
      problems: [{ setting, rule: 'must be at least 20 characters' }],
    })
    expect(checkRuntimeConfig({ ...valid, [setting]: 'x'.repeat(20) }).ok).toBe(true)
  })

  it('lists every failing setting, by name only', () => {
    const result = checkRuntimeConfig({ ...valid, apiBaseUrl: 'nope', apiKey: 'short-secret' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems.map((problem) => problem.setting)).toEqual(['apiBaseUrl', 'apiKey'])
    expect(JSON.stringify(result.problems)).not.toContain('short-secret')
  })

  it('refuses anything that is not an object', () => {
    for (const raw of [null, 'x', [], 3]) expect(checkRuntimeConfig(raw).ok).toBe(false)
  })

  it('ignores an unsafe billing portal link', () => {
    const result = checkRuntimeConfig({ ...valid, billingPortalUrl: 'javascript:alert(1)' })
    expect(result.ok && result.config.billingPortalUrl).toBeNull()
    const good = checkRuntimeConfig({ ...valid, billingPortalUrl: 'https://billing.example.com/p/1' })
    expect(good.ok && good.config.billingPortalUrl).toBe('https://billing.example.com/p/1')
  })

  it('reports an unreachable, failing or malformed /runtime-config.json', async () => {
    const fetchStub = vi.fn()
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fetchStub.mockResolvedValueOnce(new Response('nope', { status: 503 }))
    fetchStub.mockResolvedValueOnce(new Response('<html>', { status: 200 }))
    fetchStub.mockResolvedValueOnce(new Response(JSON.stringify(valid), { status: 200 }))
    const rules = []
    for (let index = 0; index < 3; index += 1) {
      const result = await loadRuntimeConfig(fetchStub)
      rules.push(result.ok ? 'ok' : result.problems[0]?.rule)
    }
    expect(rules).toEqual(['could not be loaded', 'could not be loaded (HTTP 503)', 'is not valid JSON'])
    expect((await loadRuntimeConfig(fetchStub)).ok).toBe(true)
    expect(fetchStub).toHaveBeenCalledWith('/runtime-config.json', expect.anything())
  })
})
