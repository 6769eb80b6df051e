import type { Tier } from '@retainkit/shared/billing'
import { DEFAULT_ANALYTICS_PERIOD } from '@retainkit/shared/constants'
import { formatPeriodLabel, type PeriodResult, parsePeriod } from '@retainkit/shared/period'
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { NoAccountNotice } from '../../components/no-account-notice'
import { GettingLiveChecklist } from '../../features/getting-live/getting-live-checklist'
import { type DashboardSlice, getAccount, getReasons } from '../../lib/api'
import { useBillingStatus } from '../../session/billing-store'
import { DEFAULT_BILLING_URL } from '../../session/nav-hint'
import { useAccountId } from '../../session/use-account-id'
import { DashboardCharts, useDashboardDatasets } from './dashboard-charts'
import { DashboardEmpty, usePeriodHasSessions } from './dashboard-empty'
import { HeadlineFiguresRow } from './headline-figures'
import { PastCancellationsSection } from './past-cancellations-section'
import { PeriodSelector } from './period-selector'
import { RecoverySection } from './recovery-section'
import { SessionsExport } from './sessions-export'
import { SliceSelector, sliceFromParams } from './slice-selector'
import type { DatasetRange } from './use-dataset'
import './dashboard.css'

function useReasonLabels(accountId: string | null): ReadonlyMap<string, string> {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    if (!accountId) return
    let live = true
    getReasons(accountId).then((result) => {
      if (live && result.data)
        setLabels(new Map(result.data.reasons.map((reason) => [reason.key, reason.label])))
    })
    return () => {
      live = false
    }
  }, [accountId])
  return labels
}

/** The account's tier; undefined while it loads, null when it could not be read (the server decides then). */
function useTier(accountId: string | null): Tier | null | undefined {
  const [tier, setTier] = useState<Tier | null | undefined>(undefined)
  useEffect(() => {
    if (!accountId) return
    let live = true
    setTier(undefined)
    getAccount(accountId).then((result) => {
      if (live) setTier(result.data?.tier ?? null)
    })
    return () => {
      live = false
    }
  }, [accountId])
  return tier
}

/**
 * How many subscribers the widget stepped aside for this month because the Starter cap was used up:
 * they went straight to the merchant's own cancel page, unoffered.
 */
function SteppedAside() {
  const status = useBillingStatus()
  if (!status || (status.usage.limit_kind !== 'cap' && status.usage.stepped_aside === 0)) return null
  const count = status.usage.stepped_aside
  return (
    <p
      className={count > 0 ? 'rk-notice rk-notice--warning' : 'rk-notice'}
      role="status"
      data-testid="stepped-aside"
    >
      {count > 0
        ? `This month the widget stepped aside for ${count} subscriber${count === 1 ? '' : 's'} because your ${status.usage.limit} cancel sessions were used up: they went straight to your own cancel page. `
        : `This month the widget has stepped aside for no subscribers: ${status.usage.sessions} of your ${status.usage.limit} cancel sessions used. `}
      <Link to={DEFAULT_BILLING_URL}>See your plan</Link>
    </p>
  )
}

/** The dashboard's view as the URL holds it (period, live or test data, slice), and a way to rewrite it. */
function useDashboardParams() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('period') ?? DEFAULT_ANALYTICS_PERIOD
  const parsed = parsePeriod(requested)
  const period = parsed.ok ? parsed.period : DEFAULT_ANALYTICS_PERIOD
  const mode: 'live' | 'test' = params.get('mode') === 'test' ? 'test' : 'live'
  const segmentParam = params.get('segment')
  const armParam = params.get('arm')
  const slice = useMemo(() => sliceFromParams(segmentParam, armParam), [segmentParam, armParam])
  const update = (change: (updated: URLSearchParams) => void) => {
    const updated = new URLSearchParams(params)
    change(updated)
    setParams(updated)
  }
  return { params, parsed, period, mode, slice, update }
}

type DashboardParams = ReturnType<typeof useDashboardParams>

/** The dates the data sets are asked for: the URL's period, or the default one when it was refused. */
function useDashboardRange(
  accountId: string | null,
  parsed: PeriodResult,
  mode: 'live' | 'test',
  slice: DashboardSlice | undefined,
): DatasetRange | null {
  const startDate = parsed.ok ? parsed.start.toISOString() : undefined
  const endDate = parsed.ok ? parsed.end.toISOString() : undefined
  const fallback = useMemo(() => parsePeriod(DEFAULT_ANALYTICS_PERIOD), [])
  return useMemo<DatasetRange | null>(() => {
    if (!accountId) return null
    const sliced = slice ? { slice } : {}
    if (startDate && endDate) return { accountId, startDate, endDate, mode, ...sliced }
    return fallback.ok
      ? {
          accountId,
          startDate: fallback.start.toISOString(),
          endDate: fallback.end.toISOString(),
          mode,
          ...sliced,
        }
      : null
  }, [accountId, startDate, endDate, mode, fallback, slice])
}

/**
 * /dashboard/?account_id=…&period=…[&mode=test] — churn analytics for the period in the URL (default 3
 * months) of live subscribers, or of the merchant's test-mode sessions with mode=test: six panels, each
 * with its own loading, empty, error and upgrade states, a table alternative and CSV.
 */
export default function DashboardPage() {
  const accountId = useAccountId()
  const view = useDashboardParams()
  const { params, parsed, period, mode, slice, update } = view
  const range = useDashboardRange(accountId, parsed, mode, slice)
  const labels = useReasonLabels(accountId)
  const tier = useTier(accountId)
  const datasets = useDashboardDatasets(range, tier, labels)
  const hasSessions = usePeriodHasSessions(range)

  if (!accountId || !range) return <NoAccountNotice />
  const setParam = (name: string, value: string) => update((updated) => updated.set(name, value))

  const common = { labels, accountId, period, testMode: mode === 'test', slice }
  return (
    <div className="rk-dashboard">
      <DashboardHeader view={view} accountId={accountId} range={range} tier={tier} />
      <GettingLiveChecklist
        accountId={accountId}
        forceOpen={params.get('checklist') === 'open'}
        onClose={() => update((updated) => updated.delete('checklist'))}
      />
      <SteppedAside />
      {mode === 'test' ? (
        <p className="rk-notice" role="status">
          Showing test-mode sessions only (from a snippet or tokens with <code>mode: 'test'</code>). Live
          subscribers' sessions are counted apart: clear "Test-mode data" to see them.
        </p>
      ) : null}
      {parsed.ok ? null : (
        <p className="rk-notice rk-notice--warning" role="alert">
          {parsed.message}: showing {formatPeriodLabel(DEFAULT_ANALYTICS_PERIOD).toLowerCase()} instead.
        </p>
      )}
      <HeadlineFiguresRow range={range} labels={labels} />
      {hasSessions === false ? (
        <DashboardEmpty
          period={period}
          testMode={mode === 'test'}
          onShowTestMode={() => setParam('mode', 'test')}
          onLongerPeriod={period === '12months' ? null : () => setParam('period', '12months')}
        />
      ) : (
        <DashboardCharts common={common} datasets={datasets} range={range} tier={tier} />
      )}
      {/* Failed payments are not cancel sessions: shown even when the period has none. */}
      <RecoverySection range={range} tier={tier} />
      {/* Stripe's history from before Retainkit: the last 12 months whatever the period, never in the charts. */}
      <PastCancellationsSection accountId={accountId} />
    </div>
  )
}

/** The title, the period shown, and the filters: test-mode data, slice, period, and the sessions export. */
function DashboardHeader(props: {
  view: DashboardParams
  accountId: string
  range: DatasetRange
  tier: Tier | null | undefined
}) {
  const { period, slice, update } = props.view
  return (
    <header className="rk-dashboard__header">
      <div>
        <h1>Dashboard</h1>
        <p className="rk-dashboard__period" aria-live="polite">
          Showing {formatPeriodLabel(period)}
        </p>
      </div>
      <div className="rk-dashboard__filters">
        <TestModeToggle view={props.view} />
        <SliceSelector
          accountId={props.accountId}
          slice={slice}
          onChange={(next) =>
            update((updated) => {
              updated.delete('segment')
              updated.delete('arm')
              if (next?.segmentId) updated.set('segment', next.segmentId)
              if (next?.armId) updated.set('arm', next.armId)
            })
          }
        />
        <PeriodSelector
          key={period}
          period={period}
          onChange={(next) => update((updated) => updated.set('period', next))}
        />
        {/* The raw export is Pro, like the full dashboard; an unread tier leaves it to the server. */}
        {props.tier === 'free' || props.tier === undefined ? null : (
          <SessionsExport range={props.range} period={period} />
        )}
      </div>
    </header>
  )
}

/** "Test-mode data": the box follows a click at once; the URL (a navigation, possibly deferred) follows it. */
function TestModeToggle({ view }: { view: DashboardParams }) {
  const { mode, update } = view
  const [testData, setTestData] = useState(mode === 'test')
  useEffect(() => setTestData(mode === 'test'), [mode])
  return (
    <label className="rk-dashboard__mode">
      <input
        type="checkbox"
        checked={testData}
        onChange={(event) => {
          setTestData(event.target.checked)
          update((updated) => {
            if (event.target.checked) updated.set('mode', 'test')
            else updated.delete('mode')
          })
        }}
      />
      Test-mode data
    </label>
  )
}
