import { shiftUtcMonths, startOfUtcDay } from '@retainkit/shared/period'
import { MECHANISM_OF_OFFER, type OfferType } from '@retainkit/shared/vocabulary'
import type { Insertable } from 'kysely'
import type {
  CancelSessionsTable,
  SavesTable,
  SessionEventsTable,
  SubscriberSubscriptionsTable,
} from '../db/tables'
import { type DemoFollowed, demoSubscriptionAt, followDemoSave } from './demo-followups'
import { DEMO_LANGUAGES, type DemoLanguage, feedbackFor } from './demo-texts'
import { createPrng, type Prng } from './prng'

/**
 * Twelve months of cancel-flow and banner history for the demo merchant, generated deterministically
 * day by day from the date: the same `now` always gives the same rows, and a later `now` the same rows
 * plus the days in between. Every session follows the steps a real
 * flow records, with rates a subscription-box merchant would recognise:
 * - 150–400 cancel sessions a month, more in January (post-holiday budgets) and in the summer
 *   (travel), fewer before Christmas;
 * - reasons led by too_expensive; breaks more common in summer;
 * - ~40% leave a write-in (in English, French, German or Spanish: the language each subscriber reads
 *   the flow in); ~10% keep their subscription from the reason or feedback screen;
 * - offers follow the demo reasons' mapping; pause saves more often than a plan switch, which saves more
 *   often than a discount, and all improve a little over a year from mid-2025 (the merchant tunes the copy);
 * - a reactivation banner shown to a few dozen lapsed subscribers a month;
 * - what became of each save afterwards (kept, cancelled again, unpaid): its subscription as Stripe
 *   would have described it at the history's end (seed/demo-followups.ts).
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
  /** Each save's fate, in the saves' order. */
  followed: DemoFollowed[]
  /** Each save's subscription at the history's end (`demoHistoryUntil(now)`). */
  subscriptions: Insertable<SubscriberSubscriptionsTable>[]
  cancelSessions: number
  bannerSessions: number
}

interface Month {
  monthOfYear: number
  /** Months of copy tuning behind it: 0 up to DEMO_TUNING_FROM, rising to 12 a year later, then level. */
  age: number
}

const DAY_MS = 86_400_000
/** When the demo merchant starts tuning its copy (save rates rise a little for a year from here). */
const DEMO_TUNING_FROM = { year: 2025, month: 5 } as const

/**
 * Sessions start at least this long before `now`, so every step they record (a few minutes at most) is
 * in the past. A history built for `now` holds the sessions that started before `demoHistoryUntil(now)`.
 */
export const DEMO_HISTORY_LAG_MS = 15 * 60_000
export const demoHistoryUntil = (now: Date) => new Date(now.getTime() - DEMO_HISTORY_LAG_MS)

function reasonWeights(monthOfYear: number): Record<Reason, number> {
  const weights: Record<Reason, number> = { ...BASE_REASON_WEIGHTS }
  if (monthOfYear <= 1) weights.too_expensive += 10
  if (monthOfYear >= 5 && monthOfYear <= 7) weights.temporary_break += 10
  return weights
}

/** A generator of its own for one part of the history (a month's volume, a day's sessions). */
const prngFor = (part: number, stream: number) => createPrng(Math.imul(DEMO_SEED ^ part, 0x9e3779b1) ^ stream)

/**
 * The last twelve months (the longest dashboard period) up to `demoHistoryUntil(now)`, or only what
 * started from `since` on. Each UTC day is generated on its own from the seed and its date, whatever
 * `now` is: the history for a later `now` is the earlier one plus the sessions that started in between,
 * which is what a DATA_DIR started from an older demo template adds (seed/demo-template.ts).
 */
export function buildDemoHistory(accountId: string, now: Date, since?: Date): DemoHistory {
  const history = emptyHistory()
  const from = since?.getTime() ?? startOfUtcDay(shiftUtcMonths(now, -12)).getTime()
  const until = demoHistoryUntil(now).getTime()
  for (let day = startOfUtcDay(new Date(from)).getTime(); day < until; day += DAY_MS) {
    const whole = buildDay(accountId, day)
    const kept = new Set<string>()
    for (const session of whole.sessions) {
      const startedAt = (session.created_at as Date).getTime()
      if (startedAt < from || startedAt >= until) continue
      kept.add(session.id as string)
      history.sessions.push(session)
      if (session.kind === 'cancel') history.cancelSessions += 1
      else history.bannerSessions += 1
    }
    history.events.push(...whole.events.filter((event) => kept.has(event.session_id as string)))
    history.saves.push(...whole.saves.filter((save) => kept.has(save.session_id as string)))
    history.followed.push(
      ...whole.followed.filter((_, index) => kept.has(whole.saves[index]?.session_id as string)),
    )
  }
  history.subscriptions = history.followed.map((followed) => demoSubscriptionAt(followed, until))
  return history
}

const emptyHistory = (): DemoHistory => ({
  sessions: [],
  events: [],
  saves: [],
  followed: [],
  subscriptions: [],
  cancelSessions: 0,
  bannerSessions: 0,
})

/**
 * One whole UTC day: its share of the month's sessions (the month's volume is drawn once per month, so
 * every full month keeps the 150–400 the demo promises) at random times through the day, in time order.
 */
function buildDay(accountId: string, day: number): DemoHistory {
  const date = new Date(day)
  const year = date.getUTCFullYear()
  const monthOfYear = date.getUTCMonth()
  const monthNumber = year * 12 + monthOfYear
  const daysInMonth = new Date(Date.UTC(year, monthOfYear + 1, 0)).getUTCDate()
  const dayOfMonth = date.getUTCDate() - 1
  const volume = prngFor(monthNumber, 1)
  const full = MONTHLY_SESSIONS[monthOfYear] ?? 250
  // ±8% from year to year, kept within the 150–400 a month the demo promises.
  const monthly = Math.floor(Math.min(400, Math.max(150, full * (0.92 + 0.16 * volume.next()))))
  const banners = Math.round(MONTHLY_BANNERS * (0.8 + 0.4 * volume.next()))
  const shareOfDay = (total: number) =>
    Math.floor((total * (dayOfMonth + 1)) / daysInMonth) - Math.floor((total * dayOfMonth) / daysInMonth)
  const month: Month = {
    monthOfYear,
    age: Math.min(12, Math.max(0, monthNumber - (DEMO_TUNING_FROM.year * 12 + DEMO_TUNING_FROM.month))),
  }
  const stamp = date.toISOString().slice(0, 10).replace(/-/g, '')
  const history = emptyHistory()
  const dayNumber = Math.floor(day / DAY_MS)
  const cancels = prngFor(dayNumber, 2)
  // The language each subscriber reads the flow in comes from a stream of its own: the languages did not
  // change a single other row of the history when they were added.
  const languages = prngFor(dayNumber, 4)
  startTimes(cancels, day, shareOfDay(monthly)).forEach((at, index) => {
    const number = `${stamp}_${String(index + 1).padStart(2, '0')}`
    addCancelSession(history, accountId, cancels, at, month, number, languages.weighted(DEMO_LANGUAGES))
  })
  const lapsed = prngFor(dayNumber, 3)
  startTimes(lapsed, day, shareOfDay(banners)).forEach((at, index) => {
    addBannerSession(history, accountId, lapsed, at, `${stamp}_${String(index + 1).padStart(2, '0')}`)
  })
  // What became of the day's saves: a stream of its own again, so no other row changed when it came.
  const fates = prngFor(dayNumber, 5)
  history.followed = history.saves.map((save) => followDemoSave(save, fates))
  return history
}

/** Sorted start times through the day, so ids rise with time as they would in production. */
function startTimes(random: Prng, day: number, count: number): number[] {
  return Array.from({ length: count }, () => Math.floor(day + random.next() * (DAY_MS - 5 * 60_000))).sort(
    (a, b) => a - b,
  )
}

/** One cancel session's rows: the session, its steps, and a save when an offer was accepted. */
function addCancelSession(
  history: DemoHistory,
  accountId: string,
  random: Prng,
  t0: number,
  month: Month,
  number: string,
  language: DemoLanguage,
) {
  history.cancelSessions += 1
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
    reason = random.weighted(reasonWeights(month.monthOfYear))
    if (random.chance(0.07)) {
      // Changes their mind: analytics counts the last pick only.
      const first = random.weighted(BASE_REASON_WEIGHTS)
      step('reason_selected', { reason_key: first }, [6, 30])
    }
    step('reason_selected', { reason_key: reason }, [6, 30])
    if (random.chance(FEEDBACK_RATE[reason])) {
      step('feedback_submitted', { text: feedbackFor(reason, random, language) }, [20, 140])
    }
    const offer = DEMO_REASON_OFFERS[reason]
    if (random.chance(0.1)) {
      step('reason_continue', {}, [4, 20])
      status = 'stayed'
    } else if (offer && random.chance(0.93)) {
      offered = offer
      step('offer_shown', { offer }, [2, 6])
      if (random.chance(ACCEPT_RATE[offer] + 0.04 * (month.age / 12))) {
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
    locale: language,
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
function addBannerSession(history: DemoHistory, accountId: string, random: Prng, t0: number, number: string) {
  history.bannerSessions += 1
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
      // The subscription the reactivation started.
      subscription_id: `sub_Lapsed${number}`,
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
