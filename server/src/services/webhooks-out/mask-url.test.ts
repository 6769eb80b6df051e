import { describe, expect, it } from 'vitest'
import { maskEndpointUrl } from './mask-url'

describe('maskEndpointUrl', () => {
  it('masks token-like path segments of any hook URL, keeps readable ones', () => {
    expect(maskEndpointUrl('https://hooks.zapier.com/hooks/catch/123456/abc9xyz8kq7wpl6m/', 'generic')).toBe(
      'https://hooks.zapier.com/hooks/catch/123456/****/',
    )
    expect(
      maskEndpointUrl('https://discord.com/api/webhooks/1189/Xq3-k9Zr_mP2vL8nT5wY7bC4hJ6dF1sA', 'generic'),
    ).toBe('https://discord.com/api/webhooks/1189/****')
    expect(maskEndpointUrl('https://merchant.example:8443/v2/retainkit-events#frag', 'generic')).toBe(
      'https://merchant.example:8443/v2/retainkit-events#****',
    )
  })

  it("masks a Slack hook's last segment whatever it looks like", () => {
    expect(maskEndpointUrl('https://hooks.slack.com/services/T1/B2/short', 'slack')).toBe(
      'https://hooks.slack.com/services/T1/B2/****',
    )
  })
})
