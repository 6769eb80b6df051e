import type { SaveDurabilityData, SavedRevenueData } from '@retainkit/shared/api'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from '@retainkit/shared/schemas'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'
import { DEMO_OWNER_EMAIL as ACCOUNTS_DEMO_OWNER_EMAIL } from '../services/accounts'
import { DEMO_ACCOUNT_ID, DEMO_OWNER_EMAIL, type DemoSeedResult, seedDemoIfEmpty } from './demo'
import { buildDemoHistory } from './demo-history'

/** The demo merchant (issue 3 item 8), seeded at the harness clock's 2026-06-15T12:00:00Z. */
let t: TestContext
let seeded: DemoSeedResult | null
let token: string

const count = async (table: 'cancel_sessions' | 'session_events' | 'saves' | 'users' | 'accounts') =>
  Number(
    (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db))
      .rows[0]?.n,
  )

beforeAll(async () => {
  t = await createTestContext()
  seeded = await seedDemoIfEmpty(t.deps)
  token = (await t.signIn(DEMO_OWNER_EMAIL)).token
})
afterAll(() => t.close())

const analytics = async (endpoint: string) => {
  const res = await t.request(
    `/api/analytics?endpoint=${endpoint}&account_id=${DEMO_ACCOUNT_ID}&startDate=2025-06-15&endDate=2026-06-15`,
    { token },
  )
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: unknown }).data
}

describe('seedDemoIfEmpty', () => {
  it('creates the exact, deterministic history for a given clock', async () => {
    expect(seeded).toEqual({ cancelSessions: 3097, bannerSessions: 659, events: 15_080, saves: 789 })
    expect(await count('cancel_sessions')).toBe(3097 + 659)
    expect(await count('session_events')).toBe(15_080)
    expect(await count('saves')).toBe(789)
    expect(buildDemoHistory('demo', t.clock.now())).toEqual(buildDemoHistory('demo', t.clock.now()))
  })

  it("logs one line 'demo merchant seeded: N sessions'", () => {
    const lines = t.logger.lines.filter((line) => line.includes('demo merchant seeded'))
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '{}').msg).toBe(`demo merchant seeded: ${seeded?.cancelSessions} sessions`)
  })

  it('creates the owner, the pro account, the membership, config v1 and the reasons', async () => {
    expect(DEMO_OWNER_EMAIL).toBe('demo@retainkit.dev')
    expect(ACCOUNTS_DEMO_OWNER_EMAIL).toBe(DEMO_OWNER_EMAIL)
    const account = await t.database.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', 'demo')
      .executeTakeFirstOrThrow()
    expect(account).toMatchObject({ name: 'Northwind Coffee Club', tier: 'pro', domain: 'localhost' })
    const owner = await t.database.db
      .selectFrom('users')
      .innerJoin('memberships', 'memberships.user_id', 'users.id')
      .select(['users.email', 'users.active_account_id', 'memberships.role', 'memberships.account_id'])
      .where('users.email', '=', DEMO_OWNER_EMAIL)
      .executeTakeFirstOrThrow()
    expect(owner).toEqual({
      email: DEMO_OWNER_EMAIL,
      active_account_id: 'demo',
      role: 'owner',
      account_id: 'demo',
    })

    const configs = await t.database.db
      .selectFrom('flow_configs')
      .selectAll()
      .where('account_id', '=', 'demo')
      .execute()
    expect(configs.map((row) => row.version)).toEqual([1])
    const config = cancelFlowConfigSchema.parse(configs[0]?.config)
    expect(config.plan_switch.enabled).toBe(true)
    expect(config.plan_switch.plans).toHaveLength(2)

    const reasons = await t.database.db
      .selectFrom('cancellation_reasons')
      .select('reasons')
      .where('account_id', '=', 'demo')
      .executeTakeFirstOrThrow()
    const parsed = cancellationReasonsSchema.parse(reasons.reasons)
    expect(parsed.map((reason) => reason.key)).toEqual([
      'too_expensive',
      'not_using_enough',
      'switched_competitor',
      'temporary_break',
      'missing_features',
      'technical_issues',
      'other',
    ])
    expect(parsed.find((reason) => reason.key === 'not_using_enough')?.offer).toBe('plan_switch')
  })

  it('is coherent: demo data, Stripe plainly not connected (never a rejected key), a checklist without impossible states', async () => {
    const get = async (action: string) => {
      const res = await t.request(`/api/account?accountId=${DEMO_ACCOUNT_ID}&action=${action}`, { token })
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: Record<string, unknown> }).data
    }
    // Not "connected" with a key Stripe would refuse: marked as demo data instead.
    expect(await get('credentials')).toEqual({ gateway: 'stripe', connected: false, demo: true })
    expect(await count('cancel_sessions')).toBeGreaterThan(0)
    const plans = await t.request(`/api/stripe/plans/${DEMO_ACCOUNT_ID}`, { token })
    // "Connect your Stripe account first", never a key Stripe refused.
    expect(plans.status).toBe(422)
    const refusal = ((await plans.json()) as { error: { code: string } }).error
    expect(refusal.code).toBe('BUSINESS_RULE_VIOLATION')
    expect((await get('install-status')).installed).toBe(true)
    const checklist = (await get('getting-live')) as {
      steps: { key: string; done: boolean; state: string }[]
    }
    const states = Object.fromEntries(checklist.steps.map((step) => [step.key, step.state]))
    expect(states).toEqual({
      stripe_connected: 'demo',
      flow_customised: 'todo',
      // A year of sessions means a secret signed their tokens: there is one.
      widget_secret_created: 'done',
      snippet_seen: 'done',
      first_test_session: 'todo',
      first_live_session: 'done',
    })
    const stored = await t.database.db
      .selectFrom('gateway_credentials')
      .select('account_id')
      .where('account_id', '=', DEMO_ACCOUNT_ID)
      .execute()
    expect(stored).toEqual([])
  })

  it('is idempotent: a second call inserts nothing', async () => {
    const before = await Promise.all(
      (['cancel_sessions', 'session_events', 'saves', 'users', 'accounts'] as const).map(count),
    )
    expect(await seedDemoIfEmpty(t.deps)).toBeNull()
    expect(
      await Promise.all(
        (['cancel_sessions', 'session_events', 'saves', 'users', 'accounts'] as const).map(count),
      ),
    ).toEqual(before)
  })
})

describe('the demo history is realistic', () => {
  it('has 150–400 cancel sessions in every full month, none in the future', async () => {
    const { rows } = await sql<{ month: string; n: number | string }>`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as n
      from cancel_sessions where account_id = 'demo' and kind = 'cancel' group by 1 order by 1`.execute(
      t.database.db,
    )
    const full = rows.filter((row) => row.month !== '2025-06' && row.month !== '2026-06')
    expect(full).toHaveLength(11)
    for (const row of full) {
      expect(Number(row.n)).toBeGreaterThanOrEqual(150)
      expect(Number(row.n)).toBeLessThanOrEqual(400)
    }
    const january = Number(rows.find((row) => row.month === '2026-01')?.n)
    const november = Number(rows.find((row) => row.month === '2025-11')?.n)
    expect(january).toBeGreaterThan(november * 1.6)
    const future = await sql<{ n: number | string }>`
      select count(*) as n from session_events where created_at > ${t.clock.now().toISOString()}::timestamptz`.execute(
      t.database.db,
    )
    expect(Number(future.rows[0]?.n)).toBe(0)
  })

  it('follows the flow: every session starts, and its status matches its last step', async () => {
    const { rows } = await sql<{ status: string; first: string; last: string; saves: number | string }>`
      select s.status,
        (select step from session_events e where e.session_id = s.id order by created_at, id limit 1) as first,
        (select step from session_events e where e.session_id = s.id order by created_at desc, id desc limit 1) as last,
        (select count(*) from saves v where v.session_id = s.id) as saves
      from cancel_sessions s where s.account_id = 'demo' and s.kind = 'cancel'`.execute(t.database.db)
    const lastStepOf = { saved: 'offer_accepted', canceled: 'cancel_completed', stayed: 'reason_continue' }
    for (const row of rows) {
      expect(row.first).toBe('session_started')
      if (row.status === 'abandoned') expect(row.last).toBe('flow_abandoned')
      else expect(row.last).toBe(lastStepOf[row.status as keyof typeof lastStepOf])
      expect(Number(row.saves)).toBe(row.status === 'saved' ? 1 : 0)
    }
  })

  it('leads with too_expensive, and ~40% of sessions leave a write-in', async () => {
    const reasons = (await analytics('cancellation-reasons')) as { reason_key: string; count: number }[]
    expect(reasons[0]?.reason_key).toBe('too_expensive')
    expect(reasons).toHaveLength(7)
    const { rows } = await sql<{ feedback: number | string; sessions: number | string }>`
      select count(distinct session_id) filter (where step = 'feedback_submitted') as feedback,
        count(distinct session_id) filter (where step = 'session_started') as sessions
      from session_events where account_id = 'demo'`.execute(t.database.db)
    const share = Number(rows[0]?.feedback) / Number(rows[0]?.sessions)
    expect(share).toBeGreaterThan(0.35)
    expect(share).toBeLessThan(0.45)
    const words = (await analytics('write-in-reasons')) as { text: string }[]
    expect(words).toHaveLength(100)
    expect(words.map((word) => word.text)).toContain('price')
  })

  it('saves more with a pause than a plan switch, and more with a plan switch than a discount', async () => {
    const mechanisms = (await analytics('save-mechanism-performance')) as {
      mechanism: string
      completed: number
      skipped: number
    }[]
    const rate = (name: string) => {
      const row = mechanisms.find((m) => m.mechanism === name)
      return row ? row.completed / (row.completed + row.skipped) : Number.NaN
    }
    expect(rate('pause')).toBeGreaterThan(rate('plan_switch'))
    expect(rate('plan_switch')).toBeGreaterThan(rate('discount'))
    expect(mechanisms.find((m) => m.mechanism === 'billing_cycle')).toEqual({
      mechanism: 'billing_cycle',
      completed: 0,
      skipped: 0,
    })
    const revenue = (await analytics('saved-revenue')) as {
      currencies: Array<{ currency: string; gross: number }>
    }
    expect(revenue.currencies.map((block) => block.currency)).toEqual(['usd'])
    expect(revenue.currencies[0]?.gross).toBeGreaterThan(0)
    // Banner: shown to every reactivation session; each acceptance is a reactivation save.
    const { rows } = await sql<{ shown: number | string; accepted: number | string; won: number | string }>`
      select
        (select count(*) from session_events where step = 'banner_shown') as shown,
        (select count(*) from session_events where step = 'banner_accepted') as accepted,
        (select count(*) from saves where mechanism = 'reactivation') as won`.execute(t.database.db)
    expect(Number(rows[0]?.shown)).toBe(seeded?.bannerSessions)
    expect(Number(rows[0]?.accepted)).toBe(Number(rows[0]?.won))
    expect(Number(rows[0]?.won)).toBeGreaterThan(0)
  })
})

describe('the demo saves are followed afterwards', () => {
  // What became of each save, as Stripe would have told us: the durability card and net saved revenue
  // have a year of outcomes to show rather than "too early to tell".
  it('keeps most saves, loses some (cancelled again, or unpaid) at 30, 60 and 90 days, the same for the same clock', async () => {
    const durability = (await analytics('save-durability')) as SaveDurabilityData
    const { totals } = durability
    expect(durability.firstOutcomeDue).toBeNull()
    expect(totals.saves).toBe(789)
    expect(totals.unknown).toBe(0)
    expect(totals.kept + totals.lost).toBe(789)
    // The same figures for the same clock, every run (the fates come from the day-by-day seed).
    expect([totals.kept, totals.lost]).toEqual([595, 194])
    expect(totals.stuck.map(({ decided, kept }) => [decided, kept])).toEqual([
      [718, 689],
      [661, 592],
      [600, 496],
    ])
    const lostShare = totals.lost / totals.saves
    expect(lostShare).toBeGreaterThan(0.12)
    expect(lostShare).toBeLessThan(0.35)
    // Fewer stick the longer one looks: most of the losses come after the first month.
    const rates = totals.stuck.map((checkpoint) => checkpoint.rate ?? Number.NaN)
    expect(rates[0]).toBeGreaterThan(88)
    expect(rates[0]).toBeLessThan(98)
    expect(rates[1]).toBeLessThan(rates[0] as number)
    expect(rates[2]).toBeLessThan(rates[1] as number)
    expect(rates[2]).toBeGreaterThan(65)
    // Every offer has kept and lost saves.
    for (const offer of ['discount', 'pause', 'plan_switch', 'reactivation']) {
      const group = durability.byOffer.find((row) => row.key === offer)
      expect(group?.kept, offer).toBeGreaterThan(0)
      expect(group?.lost, offer).toBeGreaterThan(0)
    }

    // Of the lost, some were cancelled again and some stopped paying (a renewal failed).
    const { rows } = await sql<{ unpaid: number; cancelled: number }>`
      select count(*) filter (where ss.unpaid_since is not null)::int as unpaid,
        count(*) filter (where ss.unpaid_since is null)::int as cancelled
      from analytics_save_followups f
      join subscriber_subscriptions ss on ss.account_id = f.account_id and ss.subscription_id = f.subscription_id
      where f.account_id = 'demo' and f.lost_at is not null`.execute(t.database.db)
    const unpaid = rows[0]?.unpaid ?? 0
    const cancelled = rows[0]?.cancelled ?? 0
    expect(unpaid + cancelled).toBe(totals.lost)
    expect(unpaid / totals.saves).toBeGreaterThan(0.02)
    expect(unpaid / totals.saves).toBeLessThan(0.1)
    expect(cancelled).toBeGreaterThan(unpaid * 2)
    expect([unpaid, cancelled]).toEqual([29, 165])

    // Net saved revenue: the gross splits into paying now, paused now (recent pauses) and lost.
    const revenue = (await analytics('saved-revenue')) as SavedRevenueData
    const usd = revenue.currencies[0]
    expect(usd?.currency).toBe('usd')
    expect(usd?.unknown).toBe(0)
    expect(usd?.lost).toBeGreaterThan(0)
    expect(usd?.paused).toBeGreaterThan(0)
    expect((usd?.kept ?? 0) + (usd?.paused ?? 0) + (usd?.lost ?? 0)).toBe(usd?.gross)
    expect(usd?.kept).toBeGreaterThan((usd?.gross ?? 0) * 0.6)
    // $15,164.00 gross = $10,897.20 paying + $606.00 paused + $3,660.80 lost (reactivations are apart).
    expect(usd).toMatchObject({
      saves: 645,
      gross: 1_516_400,
      kept: 1_089_720,
      paused: 60_600,
      lost: 366_080,
    })
  })
})

describe('seeding beside existing data', () => {
  it('reuses a user who signed in with the demo address before the seed ran, and seeds once under a race', async () => {
    const fresh = await createTestContext()
    try {
      const early = await fresh.signIn(DEMO_OWNER_EMAIL)
      const results = await Promise.all([seedDemoIfEmpty(fresh.deps), seedDemoIfEmpty(fresh.deps)])
      expect(results.filter((result) => result !== null)).toHaveLength(1)
      const membership = await fresh.database.db
        .selectFrom('memberships')
        .select(['user_id', 'role'])
        .where('account_id', '=', 'demo')
        .execute()
      expect(membership).toEqual([{ user_id: early.userId, role: 'owner' }])
    } finally {
      await fresh.close()
    }
  })
})
