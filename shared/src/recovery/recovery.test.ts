import { describe, expect, it } from 'vitest'
import { atLocalDaytime, isTimeZone, timeZoneForAddress } from './daytime'
import { DEFAULT_RECOVERY_SETTINGS, recoverySettingsSchema, withRecoveryDefaults } from './settings'
import { type CampaignFacts, evaluateCampaign, planCampaign } from './timeline'
import { isHardDecline } from './vocabulary'
import { fillRecoveryText, RECOVERY_TEXT_KEYS, RECOVERY_WORDS, recoveryLocale, recoveryWords } from './words'

const at = (iso: string) => new Date(iso)

describe('local daytime', () => {
  it('keeps a moment inside the window and moves a night one to the next local morning', () => {
    // 10:00 UTC is 11:00 in Paris (winter): inside 9-18.
    expect(atLocalDaytime(at('2027-01-15T10:00:00Z'), 'Europe/Paris', 9, 18).toISOString()).toBe(
      '2027-01-15T10:00:00.000Z',
    )
    // 23:30 UTC is 00:30 in Paris: 09:00 Paris the same local day (08:00 UTC).
    expect(atLocalDaytime(at('2027-01-15T23:30:00Z'), 'Europe/Paris', 9, 18).toISOString()).toBe(
      '2027-01-16T08:00:00.000Z',
    )
    // 19:00 in New York (00:00 UTC next day) waits for 09:00 New York the next day (14:00 UTC).
    expect(atLocalDaytime(at('2027-01-16T00:00:00Z'), 'America/New_York', 9, 18).toISOString()).toBe(
      '2027-01-16T14:00:00.000Z',
    )
  })

  it('follows daylight saving time (Paris, 28 March 2027)', () => {
    expect(atLocalDaytime(at('2027-03-28T03:00:00Z'), 'Europe/Paris', 9, 18).toISOString()).toBe(
      '2027-03-28T07:00:00.000Z',
    )
  })

  it('derives a time zone from a billing address, by state where a country has several', () => {
    expect(timeZoneForAddress({ country: 'FR' })).toBe('Europe/Paris')
    expect(timeZoneForAddress({ country: 'us', state: 'ca' })).toBe('America/Los_Angeles')
    expect(timeZoneForAddress({ country: 'US', state: 'NY' })).toBe('America/New_York')
    expect(timeZoneForAddress({ country: 'ZZ' })).toBeNull()
    expect(timeZoneForAddress(null)).toBeNull()
    expect(isTimeZone('Europe/Paris')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
  })
})

describe('settings', () => {
  it("defaults to the spec's dunning demo and refuses what makes no sense", () => {
    expect(DEFAULT_RECOVERY_SETTINGS.schedule_hours).toEqual([24, 72, 168])
    expect(DEFAULT_RECOVERY_SETTINGS.grace_days).toBe(7)
    expect(recoverySettingsSchema.parse(DEFAULT_RECOVERY_SETTINGS)).toEqual(DEFAULT_RECOVERY_SETTINGS)
    const issues = (patch: object) =>
      recoverySettingsSchema
        .safeParse({ ...DEFAULT_RECOVERY_SETTINGS, ...patch })
        .error?.issues.map((i) => i.message)
    expect(issues({ schedule_hours: [72, 24] })).toEqual(['Each retry must come after the one before'])
    expect(issues({ daytime_start_hour: 18, daytime_end_hour: 9 })).toEqual([
      'The daytime window must start before it ends',
    ])
    expect(issues({ default_timezone: 'Nowhere/Land' })).toEqual(['Unknown time zone'])
    expect(issues({ return_url: 'http://merchant.example' })).toEqual([
      'Use an https:// address on your site',
    ])
    expect(issues({ texts: { fr: { 'prompt.button': '' } } })).toEqual(['A text cannot be empty'])
    expect(issues({ texts: { fr: { 'no.such': 'x' } } })).toHaveLength(1)
    expect(issues({ surprise: true })).toHaveLength(1)
  })

  it('reads stored settings with defaults for what they lack', () => {
    const read = withRecoveryDefaults({ enabled: true, mails: { card_expiring: false } })
    expect(read.enabled).toBe(true)
    expect(read.mails).toEqual({ ...DEFAULT_RECOVERY_SETTINGS.mails, card_expiring: false })
    expect(withRecoveryDefaults('garbage')).toEqual(DEFAULT_RECOVERY_SETTINGS)
  })
})

describe('words', () => {
  it('has every key in every built-in language, with the same placeholders as English', () => {
    for (const [locale, words] of Object.entries(RECOVERY_WORDS)) {
      expect(Object.keys(words).sort(), locale).toEqual([...RECOVERY_TEXT_KEYS].sort())
      for (const key of RECOVERY_TEXT_KEYS) {
        const names = (text: string) => [...text.matchAll(/\{([a-z0-9_]+)\}/g)].map((m) => m[1]).sort()
        expect(names(words[key]), `${locale} ${key}`).toEqual(names(RECOVERY_WORDS.en[key]))
      }
    }
  })

  it("picks the language, lets the merchant's words win, fills placeholders", () => {
    expect(recoveryLocale('fr-CA')).toBe('fr')
    expect(recoveryLocale('pt-BR')).toBe('en')
    const words = recoveryWords('de', { de: { 'prompt.button': 'Jetzt aktualisieren' } })
    expect(words['prompt.button']).toBe('Jetzt aktualisieren')
    expect(words['prompt.dismiss']).toBe('Später')
    expect(fillRecoveryText('{amount} for {plan} {oops}', { amount: '€49.00', plan: 'Pro' })).toBe(
      '€49.00 for Pro {oops}',
    )
  })
})

describe('timeline', () => {
  const settings = DEFAULT_RECOVERY_SETTINGS
  const failedAt = at('2027-01-15T10:00:00Z')
  const facts = (patch: Partial<CampaignFacts> = {}): CampaignFacts => ({
    failedAt,
    anchorAt: null,
    stripeNextAttemptAt: null,
    hardDecline: false,
    ourAttempts: 0,
    reminderSent: false,
    finalNoticeSent: false,
    timeZone: 'UTC',
    ...patch,
  })

  it('retries 24 hours, 3 days and 7 days after the anchor, then ends 7 days after the last', () => {
    const anchor = at('2027-01-22T10:00:00Z')
    const plan = planCampaign(facts({ anchorAt: anchor }), settings)
    expect(plan.retries.map((d) => d.toISOString())).toEqual([
      '2027-01-23T10:00:00.000Z',
      '2027-01-25T10:00:00.000Z',
      '2027-01-29T10:00:00.000Z',
    ])
    expect(plan.endsAt?.toISOString()).toBe('2027-02-05T10:00:00.000Z')
    expect(plan.finalNoticeAt?.toISOString()).toBe('2027-02-03T10:00:00.000Z')
    expect(plan.reminderAt?.toISOString()).toBe('2027-01-18T10:00:00.000Z')
  })

  it('moves a retry due at night in the subscriber’s zone to their morning', () => {
    const plan = planCampaign(
      facts({ anchorAt: at('2027-01-22T03:00:00Z'), timeZone: 'Asia/Tokyo' }),
      settings,
    )
    // 03:00 UTC + 24 h is 12:00 in Tokyo: inside the window.
    expect(plan.retries[0]?.toISOString()).toBe('2027-01-23T03:00:00.000Z')
    const night = planCampaign(
      facts({ anchorAt: at('2027-01-22T15:00:00Z'), timeZone: 'Asia/Tokyo' }),
      settings,
    )
    // 15:00 UTC is 00:00 in Tokyo: 09:00 there is 00:00 UTC.
    expect(night.retries[0]?.toISOString()).toBe('2027-01-24T00:00:00.000Z')
  })

  it('never retries while Stripe has an attempt to come, and reads the invoice again when it is overdue', () => {
    const pending = facts({ stripeNextAttemptAt: at('2027-01-16T10:00:00Z') })
    expect(evaluateCampaign(pending, settings, at('2027-01-16T12:00:00Z'))).toEqual({
      due: [],
      nextAt: at('2027-01-16T16:00:00Z'),
    })
    expect(evaluateCampaign(pending, settings, at('2027-01-16T16:00:00Z')).due).toEqual(['refresh'])
    // Retainkit's own schedule (anchor at the failure) still waits for Stripe's attempt.
    const mine = facts({ anchorAt: failedAt, stripeNextAttemptAt: at('2027-01-20T10:00:00Z') })
    expect(evaluateCampaign(mine, settings, at('2027-01-17T10:00:00Z')).due).not.toContain('retry')
  })

  it('a hard decline gets no retry, three mails (failed, reminder, final notice) and is lost at the end', () => {
    const anchor = at('2027-01-22T10:00:00Z')
    const hard = facts({ anchorAt: anchor, hardDecline: true })
    const plan = planCampaign(hard, settings)
    expect(plan.retries).toEqual([])
    expect(evaluateCampaign(hard, settings, at('2027-01-18T10:00:00Z')).due).toEqual(['reminder'])
    const reminded = { ...hard, reminderSent: true }
    expect(evaluateCampaign(reminded, settings, at('2027-01-30T10:00:00Z'))).toEqual({
      due: [],
      nextAt: at('2027-02-03T10:00:00Z'),
    })
    expect(evaluateCampaign(reminded, settings, at('2027-02-03T10:00:00Z')).due).toEqual(['final_notice'])
    const noticed = { ...reminded, finalNoticeSent: true }
    expect(evaluateCampaign(noticed, settings, at('2027-02-05T10:00:00Z'))).toEqual({
      due: ['lose'],
      nextAt: null,
    })
  })

  it('one retry at a time, the next one after the previous is counted', () => {
    const anchor = at('2027-01-22T10:00:00Z')
    const late = at('2027-01-30T00:00:00Z')
    expect(evaluateCampaign(facts({ anchorAt: anchor, reminderSent: true }), settings, late).due).toEqual([
      'retry',
    ])
    const done = facts({ anchorAt: anchor, reminderSent: true, ourAttempts: 3 })
    expect(evaluateCampaign(done, settings, late)).toEqual({ due: [], nextAt: at('2027-02-03T10:00:00Z') })
  })

  it('switched-off mails are not planned', () => {
    const quiet = {
      ...settings,
      mails: { ...settings.mails, payment_reminder: false, payment_final_notice: false },
    }
    const plan = planCampaign(facts({ anchorAt: failedAt }), quiet)
    expect(plan.reminderAt).toBeNull()
    expect(plan.finalNoticeAt).toBeNull()
    expect(isHardDecline('stolen_card')).toBe(true)
    expect(isHardDecline('insufficient_funds')).toBe(false)
    expect(isHardDecline(null)).toBe(false)
  })
})
