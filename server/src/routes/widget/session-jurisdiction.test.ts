import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { verifyAccountChain } from '../../services/evidence/store'
import { widgetChunkFile } from '../../services/widget/chunks'
import {
  newSubscriber,
  publishConfig,
  startSession,
  type TokenClaims,
  tokenFor,
  widgetAccount,
} from './testing'

/**
 * Issue 34: every cancel session runs in a jurisdiction mode decided on the server — from the country
 * and state signed into the token, else the Stripe address, else the account's default — and the
 * ledger records which rule applied and why.
 */
type Started = Extract<SessionStartResponse, { fallback: false }>

let t: TestContext
let accountId: string
let m: SeededMerchant
let account: Awaited<ReturnType<typeof widgetAccount>>
const DAY = 86_400

beforeAll(async () => {
  t = await createTestContext()
  // The Stripe fake dates subscriptions by the real clock: the app's clock agrees, for the withdrawal period.
  t.clock.set(new Date())
  account = await widgetAccount(t)
  accountId = account.accountId
  m = account.merchant as SeededMerchant
})
afterAll(() => t.close())

async function startAs(
  claims: TokenClaims,
  options: { address?: { country: string; state?: string }; startedDaysAgo?: number } = {},
): Promise<Started> {
  const now = Math.floor(Date.now() / 1000)
  const subscriber = await newSubscriber(
    t,
    m,
    m.prices.proMonthly,
    { backdate_start_date: now - (options.startedDaysAgo ?? 400) * DAY },
    options.address,
  )
  const { status, body } = await startSession(t, await tokenFor(t, account, subscriber, claims))
  expect(status).toBe(201)
  return body as Started
}

describe('the mode of a session', () => {
  it('California: standard, offers beside the cancel button', async () => {
    const body = await startAs({ country: 'US', state: 'CA' })
    expect(body.jurisdiction).toEqual({ mode: 'standard' })
    expect(body.eligibleOffers).toContain('discount')
    expect(body.statutory).toBeUndefined()
  })

  it('Minnesota: no offer in the flow, the question for after the cancellation', async () => {
    const body = await startAs({ country: 'US', state: 'MN' })
    expect(body).toMatchObject({
      jurisdiction: { mode: 'offers_after_cancel' },
      eligibleOffers: [],
      offersSuppressedBy: 'jurisdiction',
      afterCancel: { lang: 'en', dir: 'ltr', words: { question: expect.stringContaining('offer') } },
    })
    expect(
      Object.values(body.plan.paths)
        .flat()
        .some((screen) => screen.kind === 'offer'),
    ).toBe(false)
    // Three screens, counted as three: "Step 3 of 3" on the confirmation, whatever the reason.
    expect(body.plan.steps).toEqual(['reason', 'feedback', 'confirm'])
    const progress = Object.entries(body.words.screens).map(([key, words]) => [key, words.progress])
    expect(Object.fromEntries(progress)).toMatchObject({
      'reason.': 'Step 1 of 3',
      'confirm.': 'Step 3 of 3',
    })
  })

  it('Germany (from the Stripe address alone): the statutory page in German, prefilled, no offers', async () => {
    const body = await startAs({ locale: 'de' }, { address: { country: 'DE' } })
    // With the widget built, the answer names the statutory page's chunk the bundle then imports.
    const file = widgetChunkFile(t.deps.staticRoots.widget, 'statutory')
    expect(body.jurisdiction).toEqual({
      mode: 'statutory_button',
      ...(file ? { chunk: `${t.deps.config.publicUrl}/w/${file}` } : {}),
    })
    expect(body.eligibleOffers).toEqual([])
    expect(body.statutory).toMatchObject({
      lang: 'de',
      variant: 'termination',
      kinds: ['ordinary', 'extraordinary'],
      email: 'subscriber@example.com',
      contract: expect.stringMatching(/^Pro \(Vertrag sub_/),
      withdrawalUntil: null,
      words: { submit_termination: 'jetzt kündigen', kind_legend: 'Art der Kündigung' },
    })
    expect(body.statutory?.earliestEnd).toBe(body.subscriber?.currentPeriodEnd)
    expect(body.statutory?.words.time_earliest).toMatch(/^Zum nächstmöglichen Zeitpunkt \(\d+\. \w+ \d{4}\)$/)
  })

  it('Germany inside the withdrawal period also offers the withdrawal', async () => {
    const body = await startAs({ country: 'DE' }, { startedDaysAgo: 3 })
    expect(body.statutory?.kinds).toEqual(['ordinary', 'extraordinary', 'withdrawal'])
    expect(body.statutory?.withdrawalUntil).toBeTruthy()
  })

  it('an EU country inside the withdrawal period: the withdrawal page; outside it: standard', async () => {
    const inside = await startAs({ country: 'FR', locale: 'fr' }, { startedDaysAgo: 5 })
    expect(inside.statutory).toMatchObject({
      variant: 'withdrawal',
      kinds: ['withdrawal'],
      lang: 'fr',
      words: { submit_withdrawal: 'Confirmer la rétractation' },
    })
    const after = await startAs({ country: 'FR' }, { startedDaysAgo: 20 })
    expect(after.jurisdiction).toEqual({ mode: 'standard' })
    expect(after.eligibleOffers).toContain('discount')
  })

  it('the UK: the flow cut to the cap (one offer, three screens)', async () => {
    const body = await startAs({ country: 'GB' })
    expect(body.jurisdiction).toEqual({ mode: 'offer_cap' })
    for (const path of Object.values(body.plan.paths)) {
      expect(path.length).toBeLessThanOrEqual(3)
      expect(path.filter((screen) => screen.kind === 'offer').length).toBeLessThanOrEqual(1)
    }
    expect(body.plan.steps).toEqual(['reason', 'offer', 'confirm'])
  })

  it('follows the merchant’s own mapping and default mode', async () => {
    await publishConfig(t, accountId, (c) => {
      c.compliance = {
        suppress_offers: false,
        suppress_offers_in: [],
        jurisdictions: {
          built_in_rules: true,
          rules: [{ region: 'US-NY', mode: 'offers_after_cancel' }],
          default_mode: 'offer_cap',
          cap: { max_offers: 0, max_screens: 2 },
          withdrawal_days: 14,
        },
      }
    })
    expect((await startAs({ country: 'US', state: 'NY' })).jurisdiction?.mode).toBe('offers_after_cancel')
    const elsewhere = await startAs({ country: 'JP' })
    expect(elsewhere).toMatchObject({ jurisdiction: { mode: 'offer_cap' }, eligibleOffers: [] })
    expect(elsewhere.plan.steps.length).toBeLessThanOrEqual(2)
    // The built-in rules still apply where the merchant has none.
    expect((await startAs({ country: 'DE' })).jurisdiction?.mode).toBe('statutory_button')
    await publishConfig(t, accountId, () => {})
  })

  it('stores the decision on the session and appends why to the evidence ledger', async () => {
    const body = await startAs({ country: 'US', state: 'Minnesota' })
    const row = await t.database.db
      .selectFrom('cancel_sessions')
      .select(['jurisdiction', 'locale'])
      .where('id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      locale: 'en',
      jurisdiction: { mode: 'offers_after_cancel', region: 'US-MN', source: 'token' },
    })
    const entry = await t.database.db
      .selectFrom('evidence_ledger')
      .selectAll()
      .where('session_id', '=', body.sessionId)
      .executeTakeFirstOrThrow()
    expect(entry.kind).toBe('session_started')
    expect(entry.body).toMatchObject({
      language: 'en',
      jurisdiction: {
        mode: 'offers_after_cancel',
        why: expect.stringContaining('built-in rule for US-MN'),
        law: expect.stringContaining('Minnesota'),
      },
      screens: { 'reason.': { headline: expect.any(String) } },
    })
    expect(await verifyAccountChain(t.database.db, accountId)).toMatchObject({ intact: true, problems: [] })
  })
})
