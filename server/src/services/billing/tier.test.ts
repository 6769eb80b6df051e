import { describe, expect, it } from 'vitest'
import { effectiveTier, type TierRecords } from './tier'

const now = new Date('2026-06-15T12:00:00Z')
const days = (n: number) => new Date(now.getTime() + n * 86_400_000)
const starter: TierRecords = { operatorTier: 'free', trialEndsAt: null, subscription: null }

describe('effectiveTier', () => {
  it('is Starter without a trial, a subscription or an operator tier', () => {
    expect(effectiveTier(starter, now)).toEqual({
      tier: 'free',
      source: 'starter',
      trialEndsAt: null,
      graceEndsAt: null,
      changesAt: null,
    })
  })

  it('keeps an operator-set Pro (existing accounts keep their tier)', () => {
    expect(effectiveTier({ ...starter, operatorTier: 'pro' }, now)).toMatchObject({
      tier: 'pro',
      source: 'operator',
    })
  })

  it('is Pro during the trial and Starter from its last instant on', () => {
    const trial = { ...starter, trialEndsAt: days(12) }
    expect(effectiveTier(trial, now)).toMatchObject({ tier: 'pro', source: 'trial', changesAt: days(12) })
    expect(effectiveTier(trial, days(12))).toMatchObject({ tier: 'free', source: 'starter' })
  })

  it('follows a paid subscription, whatever the trial says', () => {
    const paid: TierRecords = { ...starter, subscription: { status: 'active', paymentFailedAt: null } }
    expect(effectiveTier(paid, now)).toMatchObject({ tier: 'pro', source: 'subscription', changesAt: null })
    const ended: TierRecords = { ...starter, subscription: { status: 'canceled', paymentFailedAt: null } }
    expect(effectiveTier(ended, now)).toMatchObject({ tier: 'free', source: 'starter' })
    expect(effectiveTier({ ...ended, trialEndsAt: days(3) }, now)).toMatchObject({ source: 'trial' })
  })

  it('keeps Pro for seven days after a failed payment, then Starter while Stripe still retries', () => {
    const failing: TierRecords = {
      ...starter,
      subscription: { status: 'past_due', paymentFailedAt: days(-2) },
    }
    expect(effectiveTier(failing, now)).toMatchObject({
      tier: 'pro',
      source: 'grace',
      graceEndsAt: days(5),
      changesAt: days(5),
    })
    expect(effectiveTier(failing, days(5))).toMatchObject({ tier: 'free', source: 'starter' })
  })

  it('never counts a paused or incomplete subscription as paid', () => {
    for (const status of ['paused', 'incomplete', 'incomplete_expired', 'canceled']) {
      const records: TierRecords = { ...starter, subscription: { status, paymentFailedAt: days(-1) } }
      expect(effectiveTier(records, now).tier).toBe('free')
    }
  })
})
