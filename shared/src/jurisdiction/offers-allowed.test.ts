import { describe, expect, it } from 'vitest'
import { decideJurisdiction, statutoryKinds, statutoryVariant } from './decide'
import { offersBeforeCancelling } from './modes'
import { offersBlockedBy } from './offers-allowed'

const NOW = new Date('2026-12-01T12:00:00Z')
const decide = (country: string, startedAt = '2026-01-01T00:00:00Z') =>
  decideJurisdiction({ claimed: { country, state: null }, stripe: null, startedAt, now: NOW })
const NO_SWITCHES = { suppress_offers: false, suppress_offers_in: [] }

describe('whether where a subscriber lives lets their flow show offers (server and editor preview alike)', () => {
  it('lets no mode but standard and a cap of at least one show offers before the cancellation', () => {
    expect(offersBeforeCancelling('standard')).toBe(true)
    expect(offersBeforeCancelling('offers_after_cancel')).toBe(false)
    expect(offersBeforeCancelling('statutory_button')).toBe(false)
    expect(offersBeforeCancelling('offer_cap', 1)).toBe(true)
    expect(offersBeforeCancelling('offer_cap', 0)).toBe(false)
    expect(offersBeforeCancelling('offer_cap')).toBe(false)
  })

  it('puts the merchant’s switches before the mode', () => {
    const texas = { country: 'US', state: 'TX' }
    expect(offersBlockedBy({ compliance: NO_SWITCHES, address: texas, mode: 'standard' })).toBeNull()
    expect(
      offersBlockedBy({ compliance: { ...NO_SWITCHES, suppress_offers_in: ['US-TX'] }, address: texas }),
    ).toBe('compliance')
    expect(
      offersBlockedBy({
        compliance: { ...NO_SWITCHES, suppress_offers: true },
        address: texas,
        mode: 'statutory_button',
      }),
    ).toBe('compliance')
    expect(
      offersBlockedBy({ compliance: { ...NO_SWITCHES, suppress_offers_when_unknown: true }, address: null }),
    ).toBe('compliance')
    expect(offersBlockedBy({ compliance: undefined, address: texas, mode: 'offers_after_cancel' })).toBe(
      'jurisdiction',
    )
    expect(
      offersBlockedBy({ compliance: undefined, address: texas, mode: 'offer_cap', maxOffers: 1 }),
    ).toBeNull()
  })
})

describe('the statutory page a decision gives', () => {
  it('is § 312k’s page in Germany (withdrawal among its kinds while that runs), the withdrawal page elsewhere in the EU', () => {
    expect(statutoryVariant(decide('DE'))).toBe('termination')
    expect(statutoryKinds(decide('DE'))).toEqual(['ordinary', 'extraordinary'])
    const fresh = '2026-11-28T00:00:00Z'
    expect(statutoryKinds(decide('DE', fresh))).toEqual(['ordinary', 'extraordinary', 'withdrawal'])
    expect(statutoryVariant(decide('FR', fresh))).toBe('withdrawal')
    expect(statutoryKinds(decide('FR', fresh))).toEqual(['withdrawal'])
  })
})
