import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { newSubscriber, publishConfig, startSession, tokenFor, widgetAccount, widgetCall } from './testing'

/**
 * The public config endpoint publishes what the widget shows and nothing else. A discount's promo code
 * (a working coupon or customer-facing code of the merchant) used to be in it for anyone to read; it
 * stays on the server, which still applies it when a subscriber accepts the discount.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

describe('the published config', () => {
  it('leaves the promo code out, and accepting the discount still applies it', async () => {
    const shop = await widgetAccount(t)
    const merchant = shop.merchant
    if (!merchant) throw new Error('no merchant')
    const code = merchant.promotionCodes.comeback.code
    await publishConfig(t, shop.accountId, (c) => {
      c.discount = { enabled: true, amount: 50, duration: 1, promo_code: code }
    })
    const res = await t.request(`/api/widget/config/${shop.accountId}`, { apiKey: null })
    const text = await res.text()
    expect(text).not.toContain(code)
    const published = JSON.parse(text) as WidgetConfigResponse
    expect(published.config.discount).toEqual({ enabled: true, amount: 50, duration: 1 })
    for (const [encoding, decompress] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const compressed = await t.request(`/api/widget/config/${shop.accountId}`, {
        apiKey: null,
        headers: { 'accept-encoding': encoding },
      })
      expect(compressed.headers.get('content-encoding')).toBe(encoding)
      const bytes = decompress(Buffer.from(await compressed.arrayBuffer()))
      expect(JSON.parse(bytes.toString('utf8'))).toEqual(published)
    }

    const subscriber = await newSubscriber(t, merchant, merchant.prices.proMonthly)
    const token = await tokenFor(t, shop, subscriber)
    const { body } = await startSession(t, token)
    const accepted = await widgetCall(t, `/api/widget/sessions/${body.sessionId}/accept`, {
      token,
      body: { offer: 'discount' },
    })
    expect(await accepted.json()).toMatchObject({
      status: 'applied',
      message: 'Done — 50% off your next invoice.',
    })
  })
})
