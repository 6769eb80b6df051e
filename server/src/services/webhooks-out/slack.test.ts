import { describe, expect, it } from 'vitest'
import { slackMessage } from './slack'

/**
 * The Slack preset's message for a save: the MRR before and after the offer, each written in its own
 * currency's format (yen without decimals), as the event's body carries them.
 */
describe('slackMessage', () => {
  it('offer.accepted: the MRR before and after, in dollars', () => {
    const { text } = slackMessage('offer.accepted', {
      customer_id: 'cus_42',
      offer: 'discount',
      reason_key: 'too_expensive',
      mrr: 2900,
      currency: 'usd',
      mrr_before: { amount: 2900, currency: 'usd' },
      mrr_after: { amount: 2320, currency: 'usd' },
    })
    expect(text).toBe(
      '*Saved: a subscriber accepted an offer* — customer cus_42, offer: discount, reason: too expensive, MRR $29.00 → $23.20',
    )
  })

  it('save.lost in yen: ¥3,000 → ¥2,400, never 30.00 JPY', () => {
    const { text } = slackMessage('save.lost', {
      customer_id: 'cus_7',
      offer: 'discount',
      mrr: 2400,
      currency: 'jpy',
      mrr_before: { amount: 3000, currency: 'jpy' },
      mrr_after: { amount: 2400, currency: 'jpy' },
    })
    expect(text).toBe('*A saved subscriber was lost* — customer cus_7, offer: discount, MRR ¥3,000 → ¥2,400')
  })

  it('reactivation.accepted in euros, and an older body with only mrr/currency in its own format', () => {
    expect(
      slackMessage('reactivation.accepted', {
        mrr_before: { amount: 2500, currency: 'eur' },
        mrr_after: { amount: 1875, currency: 'eur' },
      }).text,
    ).toBe('*Won back: a subscriber reactivated* — MRR €25.00 → €18.75')
    expect(slackMessage('offer.accepted', { mrr: 3000, currency: 'jpy' }).text).toBe(
      '*Saved: a subscriber accepted an offer* — MRR ¥3,000',
    )
  })
})
