/**
 * The soak's traffic: subscribers' visits through the widget API, as the widget makes them, from a few
 * concurrent loops. A visit reads the published config, starts a cancel session with a token minted
 * for it, reports a reason (and a write-in for some), then cancels (a quarter), accepts the pause
 * offer (a tenth, when it is eligible) or closes the flow; every fifth visit also asks for the
 * reactivation banner. Each subscriber comes back at most a few times an hour (the per-customer
 * session limit is 20). Counts every answer by status, so refusals show in the report.
 *
 * The load is bounded: visits start at a fixed rate (`rate` a second, on a schedule that does not drift),
 * at most `concurrency` at once. A visit due while that many are still running is skipped and counted
 * (`skipped`), so the server sees the same traffic whatever else the machine runs, and a report says
 * when it could not keep up instead of quietly measuring less.
 */
import { createSubscriberToken } from '@retainkit/widget/token'
import type { SoakMerchant } from './soak-merchant'

const REASONS = ['too_expensive', 'not_using_enough', 'missing_features', 'temporary_break', 'other'] as const
const WRITE_INS = [
  'Too expensive for what we use now',
  'We moved to another tool last month',
  'Pausing until the busy season is over',
  'Missing the export we asked for',
]

export interface LoadCounters {
  visits: number
  /** Visits due while `concurrency` were still in flight: not made. */
  skipped: number
  sessions: number
  /** `<call> <status>` → count. */
  answers: Map<string, number>
}

export interface SoakLoad {
  counters: LoadCounters
  stop(): Promise<void>
}

function count(counters: LoadCounters, call: string, status: number | 'error') {
  const key = `${call} ${status}`
  counters.answers.set(key, (counters.answers.get(key) ?? 0) + 1)
}

export function startLoad(options: {
  base: string
  merchant: SoakMerchant
  concurrency: number
  /** Visits started per second. */
  rate: number
}): SoakLoad {
  const { base, merchant } = options
  const counters: LoadCounters = { visits: 0, skipped: 0, sessions: 0, answers: new Map() }
  let running = true
  let next = 0

  async function call<T>(name: string, path: string, token?: string, body?: unknown): Promise<T | null> {
    try {
      const response = await fetch(`${base}/api/widget${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
      count(counters, name, response.status)
      const text = await response.text()
      return response.ok && text ? (JSON.parse(text) as T) : null
    } catch {
      count(counters, name, 'error')
      return null
    }
  }

  async function visit(n: number) {
    const customerId = merchant.customers[n % merchant.customers.length] ?? ''
    const token = createSubscriberToken({
      accountId: merchant.accountId,
      customerId,
      secret: merchant.secret,
      ttlSeconds: 900,
    })
    await call('config', `/config/${merchant.accountId}`)
    const started = await call<{ fallback: boolean; sessionId?: string; eligibleOffers?: string[] }>(
      'session start',
      '/sessions',
      token,
      { languages: ['en-US', 'en'] },
    )
    if (started && !started.fallback && started.sessionId) {
      counters.sessions++
      const session = `/sessions/${encodeURIComponent(started.sessionId)}`
      const reasonKey = REASONS[n % REASONS.length] ?? 'other'
      const events: unknown[] = [{ step: 'reason_selected', reasonKey }]
      if (n % 3 === 0)
        events.push({ step: 'feedback_submitted', reasonKey, text: WRITE_INS[n % WRITE_INS.length] })
      const pause = started.eligibleOffers?.includes('pause') && n % 10 === 1
      if (pause) events.push({ step: 'offer_shown', offer: 'pause' })
      await call('events', `${session}/events`, token, { events })
      if (n % 4 === 0) await call('cancel', `${session}/cancel`, token, { reasonKey })
      else if (pause)
        await call('accept', `${session}/accept`, token, { offer: 'pause', choice: { months: 1 }, reasonKey })
      else await call('events', `${session}/events`, token, { events: [{ step: 'flow_abandoned' }] })
    }
    if (n % 5 === 0) await call('reactivation', '/reactivation', token, {})
    counters.visits++
  }

  const inFlight = new Set<Promise<void>>()
  const started = Date.now()
  let due = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  // The k-th visit is due at started + k / rate, however late the previous tick ran.
  const tick = () => {
    const now = Date.now()
    while (running && started + (due * 1000) / options.rate <= now) {
      due++
      if (inFlight.size >= options.concurrency) {
        counters.skipped++
        continue
      }
      const visiting = visit(next++).finally(() => inFlight.delete(visiting))
      inFlight.add(visiting)
    }
    if (running) timer = setTimeout(tick, Math.max(0, started + (due * 1000) / options.rate - Date.now()))
  }
  tick()
  return {
    counters,
    async stop() {
      running = false
      clearTimeout(timer)
      await Promise.all(inFlight)
    },
  }
}
