import { endOfUtcDay, shiftUtcMonths, startOfUtcDay } from '@retainkit/shared/period'
import { MECHANISM_OF_OFFER, type OfferType } from '@retainkit/shared/vocabulary'
import type { Insertable } from 'kysely'
import type { CancelSessionsTable, SavesTable, SessionEventsTable } from '../db/tables'
import { feedbackFor } from './demo-texts'
import { createPrng, type Prng } from './prng'

/**
 * Twelve months of cancel-flow and banner history for the demo merchant, generated deterministically
 * from the clock: the same `now` always gives the same rows. Every session follows the steps a real
 * flow records, with rates a subscription-box merchant would recognise:
 * - 150–400 cancel sessions a month, more in January (post-holiday budgets) and in the summer
 *   (travel), fewer before Christmas;
 * - reasons led by too_expensive; breaks more common in summer;
 * - ~40% leave a write-in; ~10% keep their subscription from the reason or feedback screen;
 * - offers follow the demo reasons' mapping; pause saves more often than a plan switch, which saves more
 *   often than a discount, and all improve a little over the year (the merchant tunes the copy);
 * - a reactivation banner shown to a few dozen lapsed subscribers a month.
 */
export const DEMO_SEED = 20_251_121

/** Sessions a month at full length, January first. */
const MONTHLY_SESSIONS = [360, 320, 270, 240, 220, 265, 300, 290, 230, 200, 165, 190] as const
const MONTHLY_BANNERS = 55

/** The demo's reasons: the default keys (shared DEFAULT_REASONS). */
const REASONS = [
  'too_expensive',
  'not_using_enough',
  'switched_competitor',
  'temporary_break',
  'missing_features',
  'technical_issues',
  'other',
] as const
type Reason = (typeof REASONS)[number]

/** The demo's reason → offer mapping (demo.ts stores the same in the reasons). */
export const DEMO_REASON_OFFERS: Readonly<Record<Reason, OfferType | null>> = {
  too_expensive: 'discount',
  not_using_enough: 'plan_switch',
  switched_competitor: 'discount',
  temporary_break: 'pause',
  missing_features: null,
  technical_issues: null,
  other: null,
}

const BASE_REASON_WEIGHTS = {
  too_expensive: 32,
  not_using_enough: 22,
  switched_competitor: 15,
  temporary_break: 10,
  missing_features: 7,
  technical_issues: 6,
  other: 8,
} as const satisfies Record<Reason, number>

const FEEDBACK_RATE: Readonly<Record<Reason, number>> = {
  too_expensive: 0.33,
  not_using_enough: 0.3,
  switched_competitor: 0.55,
  temporary_break: 0.3,
  missing_features: 0.7,
  technical_issues: 0.75,
  other: 0.55,
}

const ACCEPT_RATE: Readonly<Record<OfferType, number>> = {
  pause: 0.44,
  plan_switch: 0.34,
  discount: 0.26,
  billing_cycle_switch: 0.3,
  trial_extension: 0.38,
  talk_to_us: 0.2,
}

/** Monthly prices of the club's plans, in cents, and how common each is. */
const PLAN_MRR = { classic: 2400, double: 3800, explorer: 5200 } as const
const PLAN_WEIGHTS = { classic: 50, double: 32, explorer: 18 } as const
/** The demo config's plan-switch targets (demo.ts): Half Bag $14/month, Every Other Month $24 per 2. */
export const DEMO_SWITCH_PLANS = [
  { id: 'price_demo_half_bag', name: 'Half Bag (250 g)', price: '$14/month', mrr: 1400 },
  { id: 'price_demo_every_other_month', name: 'Every Other Month', price: '$24 every 2 months', mrr: 1200 },
] as const

export interface DemoHistory {
  sessions: Insertable<CancelSessionsTable>[]
  events: Insertable<SessionEventsTable>[]
  saves: Insertable<SavesTable>[]
  cancelSessions: number
  bannerSessions: number
}

interface Window {
  from: number
  until: number
  monthOfYear: number
  /** 0 for the oldest month, rising to ~12 for the current one. */
  age: number
  fraction: number
}

/** The calendar months of [from, until), each cut to that span, with the share of the month it covers. */
function monthWindows(from: Date, until: Date): Window[] {
  const windows: Window[] = []
  let cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1))
  while (cursor.getTime() < until.getTime()) {
    const next = shiftUtcMonths(cursor, 1)
    const start = Math.max(cursor.getTime(), from.getTime())
    const end = Math.min(next.getTime(), until.getTime())
    windows.push({
      from: start,
      until: end,
      monthOfYear: cursor.getUTCMonth(),
      age: windows.length,
      fraction: (end - start) / (next.getTime() - cursor.getTime()),
    })
    cursor = next
  }
  return windows
}

function reasonWeights(monthOfYear: number): Record<Reason, number> {
  const weights: Record<Reason, number> = { ...BASE_REASON_WEIGHTS }
  if (monthOfYear <= 1) weights.too_expensive += 10
  if (monthOfYear >= 5 && monthOfYear <= 7) weights.temporary_break += 10
  return weights
}

export function buildDemoHistory(accountId: string, now: Date): DemoHistory {
  const random = createPrng(DEMO_SEED)
  const history: DemoHistory = { sessions: [], events: [], saves: [], cancelSessions: 0, bannerSessions: 0 }
  // The last 12 months (the longest dashboard period), ending 10 minutes ago so no step lies ahead.
  const windows = monthWindows(
    startOfUtcDay(shiftUtcMonths(now, -12)),
    new Date(Math.min(now.getTime() - 10 * 60_000, endOfUtcDay(now).getTime())),
  )
  for (const window of windows) {
    const full = MONTHLY_SESSIONS[window.monthOfYear] ?? 250
    // ±8% from year to year, kept within the 150–400 a month the demo promises.
    const monthly = Math.min(400, Math.max(150, full * (0.92 + 0.16 * random.next())))
    const count = Math.round(monthly * window.fraction)
    for (const at of startTimes(random, window, count))
      addCancelSession(history, accountId, random, at, window)
    const banners = Math.round(MONTHLY_BANNERS * (0.8 + 0.4 * random.next()) * window.fraction)
    for (const at of startTimes(random, window, banners)) addBannerSession(history, accountId, random, at)
  }
  return history
}

/** Sorted start times in the window, so ids rise with time as they would in production. */
function startTimes(random: Prng, window: Window, count: number): number[] {
  const times = Array.from({ length: count }, () =>
    Math.floor(window.from + random.next() * (window.until - window.from - 5 * 60_000)),
  )
  return times.filter((time) => time >= window.from).sort((a, b) => a - b)
}

/** One cancel session's rows: the session, its steps, and a save when an offer was accepted. */
function addCancelSession(history: DemoHistory, accountId: string, random: Prng, t0: number, window: Window) {
  history.cancelSessions += 1
  const number = String(history.sessions.length + 1).padStart(5, '0')
  const id = `demo_cs_${number}`
  const mrr = PLAN_MRR[random.weighted(PLAN_WEIGHTS)]
  let clock = t0
  const step: Step = (name, extra = {}, gap = [5, 40]) => {
    clock += random.int(gap[0], gap[1]) * 1000
    const createdAt = new Date(clock)
    history.events.push({
      account_id: accountId,
      session_id: id,
      step: name,
      created_at: createdAt,
      client_at: new Date(clock - random.int(120, 900)),
      ...extra,
    })
  }
  step('session_started', {}, [0, 0])
  let status: 'saved' | 'canceled' | 'stayed' | 'abandoned' = 'abandoned'
  let reason: Reason | null = null
  let offered: OfferType | null = null

  if (random.chance(0.04)) {
    step('flow_abandoned', {}, [20, 120])
  } else {
    reason = random.weighted(reasonWeights(window.monthOfYear))
    if (random.chance(0.07)) {
      // Changes their mind: analytics counts the last pick only.
      const first = random.weighted(BASE_REASON_WEIGHTS)
      step('reason_selected', { reason_key: first }, [6, 30])
    }
    step('reason_selected', { reason_key: reason }, [6, 30])
    if (random.chance(FEEDBACK_RATE[reason])) {
      step('feedback_submitted', { text: feedbackFor(reason, random) }, [20, 140])
    }
    const offer = DEMO_REASON_OFFERS[reason]
    if (random.chance(0.1)) {
      step('reason_continue', {}, [4, 20])
      status = 'stayed'
    } else if (offer && random.chance(0.93)) {
      offered = offer
      step('offer_shown', { offer }, [2, 6])
      if (random.chance(ACCEPT_RATE[offer] + 0.04 * (window.age / 12))) {
        step('offer_accepted', { offer, reason_key: reason }, [8, 45])
        history.saves.push(saveFor(accountId, number, offer, mrr, random, clock))
        status = 'saved'
      } else {
        step('offer_declined', { offer }, [5, 30])
        status = finish(step, random, reason)
      }
    } else {
      status = finish(step, random, reason)
    }
  }
  history.sessions.push({
    id,
    account_id: accountId,
    kind: 'cancel',
    mode: 'live',
    customer_id: `cus_Demo${number}`,
    subscription_id: `sub_Demo${number}`,
    status,
    reason_key: reason,
    mrr,
    currency: 'usd',
    eligible_offers: JSON.stringify(offered ? ['discount', 'pause', 'plan_switch'] : []),
    created_at: new Date(t0),
    updated_at: new Date(clock),
    completed_at: new Date(clock),
  })
}

type Step = (name: string, extra?: Partial<Insertable<SessionEventsTable>>, gap?: [number, number]) => void

/** Declined or no offer: most cancel, a few close the tab. */
function finish(step: Step, random: Prng, reason: Reason): 'canceled' | 'abandoned' {
  if (random.chance(0.04)) {
    step('flow_abandoned', {}, [30, 300])
    return 'abandoned'
  }
  step('cancel_completed', { reason_key: reason }, [5, 40])
  return 'canceled'
}

function saveFor(accountId: string, number: string, offer: OfferType, mrr: number, random: Prng, at: number) {
  const mechanism = MECHANISM_OF_OFFER[offer]
  let mrrAfter = mrr
  let detail: Record<string, unknown> = {}
  if (offer === 'discount') {
    mrrAfter = Math.round(mrr * 0.8)
    detail = { percentOff: 20, months: 3 }
  } else if (offer === 'pause') {
    detail = { months: random.int(1, 3) }
  } else {
    const plan = random.pick(DEMO_SWITCH_PLANS)
    mrrAfter = plan.mrr
    detail = { planId: plan.id }
  }
  return {
    account_id: accountId,
    session_id: `demo_cs_${number}`,
    customer_id: `cus_Demo${number}`,
    subscription_id: `sub_Demo${number}`,
    mechanism,
    mrr_before: mrr,
    mrr_after: mrrAfter,
    currency: 'usd',
    detail: JSON.stringify(detail),
    created_at: new Date(at),
  } satisfies Insertable<SavesTable>
}

/** A lapsed subscriber sees the reactivation banner: about 1 in 5 comes back (25% off their first month). */
function addBannerSession(history: DemoHistory, accountId: string, random: Prng, t0: number) {
  history.bannerSessions += 1
  const number = String(history.sessions.length + 1).padStart(5, '0')
  const id = `demo_rs_${number}`
  const mrr = PLAN_MRR[random.weighted(PLAN_WEIGHTS)]
  const shown = new Date(t0)
  history.events.push({ account_id: accountId, session_id: id, step: 'banner_shown', created_at: shown })
  const outcome = random.weighted({ accepted: 20, dismissed: 50, ignored: 30 })
  const ended = new Date(t0 + random.int(3, 60) * 1000)
  if (outcome === 'accepted') {
    history.events.push({ account_id: accountId, session_id: id, step: 'banner_accepted', created_at: ended })
    history.saves.push({
      account_id: accountId,
      session_id: id,
      customer_id: `cus_Lapsed${number}`,
      mechanism: 'reactivation',
      mrr_before: 0,
      mrr_after: Math.round(mrr * 0.75),
      currency: 'usd',
      detail: JSON.stringify({ kind: 'churned', percentOff: 25, months: 1 }),
      created_at: ended,
    })
  } else if (outcome === 'dismissed') {
    history.events.push({
      account_id: accountId,
      session_id: id,
      step: 'banner_dismissed',
      created_at: ended,
    })
  }
  history.sessions.push({
    id,
    account_id: accountId,
    kind: 'reactivation',
    mode: 'live',
    customer_id: `cus_Lapsed${number}`,
    status: outcome === 'accepted' ? 'saved' : 'abandoned',
    mrr,
    currency: 'usd',
    created_at: shown,
    updated_at: outcome === 'ignored' ? shown : ended,
    completed_at: outcome === 'ignored' ? null : ended,
  })
}
