import { MECHANISM_OF_OFFER } from '@retainkit/shared/vocabulary'
import type { EventSpec, SaveSpec } from './test-fixtures'

/**
 * A generated analytics data set for comparing the rollups with the raw-event queries: sessions whose
 * events land on UTC month and day edges (to the microsecond), sessions that change their reason, decline
 * one offer twice, span midnight or several days, share a timestamp; events without a session; live and
 * test-mode sessions; reactivation sessions (the banner's, which are not cancel sessions); saves in two
 * currencies. Each session starts when its first event is stored. Deterministic for a seed.
 */
export interface GeneratedData {
  sessions: { id: string; mode: 'live' | 'test'; at: string; kind: 'cancel' | 'reactivation' }[]
  events: EventSpec[]
  saves: SaveSpec[]
}

const REASONS = ['too_expensive', 'not_using_enough', 'missing_features', 'other'] as const
const OFFERS = ['discount', 'pause', 'plan_switch', 'billing_cycle_switch'] as const
const WORDS = [
  'price',
  'Café',
  'too',
  'expensive',
  'never',
  'used',
  'it',
  'support',
  'slow',
  'don’t',
  'a',
  'naïve',
]
const ENDS = ['cancel_completed', 'reason_continue', 'offer_accepted', 'flow_abandoned', null] as const

/** Instants the generator likes to start sessions at: month starts and midnights, and just before them. */
const ANCHORS = [
  '2025-12-01T00:00:00Z',
  '2025-12-31T23:59:59Z',
  '2026-01-01T00:00:00Z',
  '2026-01-15T00:00:00Z',
  '2026-01-31T23:59:30Z',
  '2026-02-01T00:00:00Z',
  '2026-02-28T23:59:59Z',
  '2026-03-01T00:00:00Z',
].map((text) => Date.parse(text))

const SPAN_START = Date.parse('2025-11-20T00:00:00Z')
const SPAN_MS = 110 * 86_400_000

export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = state
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

/** An ISO instant with microseconds: `ms` plus `micros` (0–999) more. */
export function microInstant(ms: number, micros: number): string {
  return `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`
}

export function generateAnalyticsData(seed: number, sessionCount: number, prefix: string): GeneratedData {
  const random = createRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const sessions: GeneratedData['sessions'] = []
  const events: EventSpec[] = []
  const saves: SaveSpec[] = []

  for (let index = 0; index < sessionCount; index++) {
    const id = `${prefix}-${index}`
    const mode = random() < 0.25 ? 'test' : 'live'
    let at =
      random() < 0.4
        ? pick(ANCHORS) - Math.floor(random() * 5000)
        : SPAN_START + Math.floor(random() * SPAN_MS)
    let micros = Math.floor(random() * 1000)
    sessions.push({ id, mode, at: microInstant(at, micros), kind: 'cancel' })
    const push = (event: Omit<EventSpec, 'at'>) => {
      events.push({ ...event, session: id, at: microInstant(at, micros) })
      // Mostly short gaps, sometimes the same instant, sometimes hours or days (spanning sessions).
      const gap = random()
      if (gap < 0.1) return
      at +=
        gap < 0.8
          ? Math.floor(random() * 60_000)
          : gap < 0.95
            ? Math.floor(random() * 7_200_000)
            : 86_400_000 * (1 + Math.floor(random() * 40))
      micros = Math.floor(random() * 1000)
    }
    push({ step: 'session_started' })
    const picks = 1 + Math.floor(random() * 3)
    for (let p = 0; p < picks; p++)
      push({ step: 'reason_selected', ...(random() < 0.05 ? {} : { reason: pick(REASONS) }) })
    if (random() < 0.6) {
      const text = Array.from({ length: 2 + Math.floor(random() * 6) }, () => pick(WORDS)).join(
        random() < 0.5 ? ' ' : ', ',
      )
      push({ step: 'feedback_submitted', text })
    }
    const offer = pick(OFFERS)
    if (random() < 0.7) {
      push({ step: 'offer_shown', offer })
      const declines = Math.floor(random() * 3)
      for (let d = 0; d < declines; d++)
        push({ step: 'offer_declined', offer: random() < 0.8 ? offer : pick(OFFERS) })
    }
    const end = pick(ENDS)
    if (end === 'offer_accepted') {
      push({ step: end, offer })
      saves.push({
        mechanism: MECHANISM_OF_OFFER[offer],
        at: microInstant(at, micros),
        mrrAfter: 100 + Math.floor(random() * 5000),
        currency: random() < 0.8 ? 'usd' : random() < 0.5 ? 'EUR' : null,
        session: id,
      })
    } else if (end !== null) {
      push({ step: end })
    }
  }

  // Reactivation banners: sessions too, but not cancel sessions (nothing of the cancel flow counts them).
  for (let index = 0; index < sessionCount / 10; index++) {
    const id = `${prefix}-banner-${index}`
    const at = microInstant(random() < 0.5 ? pick(ANCHORS) : SPAN_START + Math.floor(random() * SPAN_MS), 500)
    sessions.push({ id, mode: random() < 0.25 ? 'test' : 'live', at, kind: 'reactivation' })
    events.push({ step: 'banner_shown', at, session: id })
  }

  // Events without a session count on their own.
  for (let index = 0; index < sessionCount / 10; index++) {
    const at = microInstant(random() < 0.5 ? pick(ANCHORS) : SPAN_START + Math.floor(random() * SPAN_MS), 999)
    const kind = random()
    events.push(
      kind < 0.4
        ? { step: 'reason_selected', reason: pick(REASONS), at, session: null }
        : kind < 0.6
          ? { step: 'offer_declined', offer: pick(OFFERS), at, session: null }
          : kind < 0.8
            ? { step: 'cancel_completed', at, session: null }
            : { step: 'feedback_submitted', text: `${pick(WORDS)} ${pick(WORDS)}`, at, session: null },
    )
  }
  return { sessions, events, saves }
}

/** The same items in a random order, cut into batches of 1–50 (multi-row inserts, out of time order). */
export function shuffledBatches<T>(items: readonly T[], seed: number): T[][] {
  const random = createRandom(seed)
  const shuffled = [...items]
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[shuffled[index], shuffled[other]] = [shuffled[other] as T, shuffled[index] as T]
  }
  const batches: T[][] = []
  for (let offset = 0; offset < shuffled.length; ) {
    const size = random() < 0.3 ? 1 : 1 + Math.floor(random() * 50)
    batches.push(shuffled.slice(offset, offset + size))
    offset += size
  }
  return batches
}
