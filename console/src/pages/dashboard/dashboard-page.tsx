import type { Tier } from '@retainkit/shared/billing'
import { DEFAULT_ANALYTICS_PERIOD } from '@retainkit/shared/constants'
import { formatPeriodLabel, parsePeriod } from '@retainkit/shared/period'
import { useEffect, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { NoAccountNotice } from '../../components/no-account-notice'
import { GettingLiveChecklist } from '../../features/getting-live/getting-live-checklist'
import { getAccount, getReasons } from '../../lib/api'
import { useBillingStatus } from '../../session/billing-store'
import { DEFAULT_BILLING_URL } from '../../session/nav-hint'
import { useAccountId } from '../../session/use-account-id'
import { ChartCard } from './chart-card'
import { DurabilityChart, DurabilitySummary } from './charts/durability-view'
import { MechanismsChart } from './charts/mechanisms-chart'
import { ReasonsChart, ReasonsSummary } from './charts/reasons-chart'
import { ReasonsOverTimeChart } from './charts/reasons-over-time-chart'
import { SaveRateChart, SaveRateSummary } from './charts/save-rate-chart'
import { SavedRevenueChart, SavedRevenueSummary } from './charts/saved-revenue-view'
import { WordCloud } from './charts/word-cloud'
import type { DashboardDataset } from './dashboard-datasets'
import { DashboardEmpty, usePeriodHasSessions } from './dashboard-empty'
import {
  shapeMechanisms,
  shapeReasons,
  shapeReasonsOverTime,
  shapeSaveRate,
  shapeWords,
} from './dashboard-shaping'
import { shapeDurability } from './durability-shaping'
import { FeedbackSection } from './feedback/feedback-section'
import { HeadlineFiguresRow } from './headline-figures'
import { PastCancellationsSection } from './past-cancellations-section'
import { PeriodSelector } from './period-selector'
import { RecoverySection } from './recovery-section'
import { shapeSavedRevenue } from './saved-revenue-shaping'
import { SessionsExport } from './sessions-export'
import { SliceSelector, sliceFromParams } from './slice-selector'
import { type DatasetRange, useDataset } from './use-dataset'
import './dashboard.css'

/** The analytics route: free accounts get the basic reason dashboard; these are Pro only. */
const PRO_ONLY: ReadonlySet<DashboardDataset> = new Set([
  'cancellation-reasons-over-time',
  'save-mechanism-performance',
  'saved-revenue',
  'save-durability',
])

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
 * /dashboard/?account_id=…&period=…[&mode=test] — churn analytics for the period in the URL (default 3
 * months) of live subscribers, or of the merchant's test-mode sessions with mode=test: six panels, each
 * with its own loading, empty, error and upgrade states, a table alternative and CSV.
 */
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

export default function DashboardPage() {
  const accountId = useAccountId()
  const [params, setParams] = useSearchParams()
  const requested = params.get('period') ?? DEFAULT_ANALYTICS_PERIOD
  const parsed = parsePeriod(requested)
  const period = parsed.ok ? parsed.period : DEFAULT_ANALYTICS_PERIOD
  const startDate = parsed.ok ? parsed.start.toISOString() : undefined
  const endDate = parsed.ok ? parsed.end.toISOString() : undefined
  const mode = params.get('mode') === 'test' ? 'test' : 'live'
  const segmentParam = params.get('segment')
  const armParam = params.get('arm')
  const slice = useMemo(() => sliceFromParams(segmentParam, armParam), [segmentParam, armParam])
  // The box follows a click at once; the URL (a navigation, possibly deferred) follows it.
  const [testData, setTestData] = useState(mode === 'test')
  useEffect(() => setTestData(mode === 'test'), [mode])
  const fallback = useMemo(() => parsePeriod(DEFAULT_ANALYTICS_PERIOD), [])
  const range = useMemo<DatasetRange | null>(() => {
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
  const labels = useReasonLabels(accountId)
  const tier = useTier(accountId)
  const locked = (dataset: DashboardDataset) => tier === 'free' && PRO_ONLY.has(dataset)
  // Pro-only data sets wait for the tier, so a free account never asks for what it cannot see.
  const rangeFor = (dataset: DashboardDataset) => (PRO_ONLY.has(dataset) && tier === undefined ? null : range)
  const dataset = (name: DashboardDataset) => [name, rangeFor(name), locked(name)] as const

  const reasons = useDataset(...dataset('cancellation-reasons'))
  const overTime = useDataset(...dataset('cancellation-reasons-over-time'))
  const mechanisms = useDataset(...dataset('save-mechanism-performance'))
  const saveRate = useDataset(...dataset('save-rate-over-time'))
  const words = useDataset(...dataset('write-in-reasons'))
  const revenue = useDataset(...dataset('saved-revenue'))
  const durability = useDataset(...dataset('save-durability'))
  const shapeReasonRows = useMemo(() => (raw: unknown) => shapeReasons(raw, labels), [labels])
  const shapeStuck = useMemo(() => (raw: unknown) => shapeDurability(raw, labels), [labels])
  const hasSessions = usePeriodHasSessions(range)

  if (!accountId || !range) return <NoAccountNotice />
  const setParam = (name: string, value: string) => {
    const updated = new URLSearchParams(params)
    updated.set(name, value)
    setParams(updated)
  }

  const common = { labels, accountId, period, testMode: mode === 'test', slice }
  return (
    <div className="rk-dashboard">
      <header className="rk-dashboard__header">
        <div>
          <h1>Dashboard</h1>
          <p className="rk-dashboard__period" aria-live="polite">
            Showing {formatPeriodLabel(period)}
          </p>
        </div>
        <div className="rk-dashboard__filters">
          <label className="rk-dashboard__mode">
            <input
              type="checkbox"
              checked={testData}
              onChange={(event) => {
                setTestData(event.target.checked)
                const updated = new URLSearchParams(params)
                if (event.target.checked) updated.set('mode', 'test')
                else updated.delete('mode')
                setParams(updated)
              }}
            />
            Test-mode data
          </label>
          <SliceSelector
            accountId={accountId}
            slice={slice}
            onChange={(next) => {
              const updated = new URLSearchParams(params)
              updated.delete('segment')
              updated.delete('arm')
              if (next?.segmentId) updated.set('segment', next.segmentId)
              if (next?.armId) updated.set('arm', next.armId)
              setParams(updated)
            }}
          />
          <PeriodSelector
            key={period}
            period={period}
            onChange={(next) => {
              const updated = new URLSearchParams(params)
              updated.set('period', next)
              setParams(updated)
            }}
          />
          {/* The raw export is Pro, like the full dashboard; an unread tier leaves it to the server. */}
          {tier === 'free' || tier === undefined ? null : <SessionsExport range={range} period={period} />}
        </div>
      </header>
      <GettingLiveChecklist
        accountId={accountId}
        forceOpen={params.get('checklist') === 'open'}
        onClose={() => {
          const updated = new URLSearchParams(params)
          updated.delete('checklist')
          setParams(updated)
        }}
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
        <div className="rk-dashboard__grid">
          <ChartCard
            {...common}
            dataset="cancellation-reasons"
            description="The reason each subscriber gave in the cancel flow, with its share; those who stayed count too."
            load={reasons}
            shape={shapeReasonRows}
            renderSummary={(data) => <ReasonsSummary data={data} />}
            renderChart={(data) => <ReasonsChart data={data} />}
          />
          <ChartCard
            {...common}
            dataset="save-rate-over-time"
            description="Subscribers who stayed (kept their plan or accepted an offer), out of everyone who finished the flow, per month. Months without sessions are left blank."
            load={saveRate}
            shape={shapeSaveRate}
            renderSummary={(data) => <SaveRateSummary data={data} />}
            renderChart={(data) => <SaveRateChart data={data} />}
          />
          <ChartCard
            {...common}
            wide
            dataset="cancellation-reasons-over-time"
            description="The reasons subscribers gave, per month."
            load={overTime}
            shape={shapeReasonsOverTime}
            renderChart={(data) => <ReasonsOverTimeChart data={data} labels={labels} />}
          />
          <ChartCard
            {...common}
            dataset="save-mechanism-performance"
            description="How many subscribers accepted or declined each save offer."
            load={mechanisms}
            shape={shapeMechanisms}
            renderChart={(data) => <MechanismsChart data={data} />}
          />
          <ChartCard
            {...common}
            dataset="saved-revenue"
            sessionsFilter={{ outcome: 'saved' }}
            description="Monthly recurring revenue kept by accepted offers."
            load={revenue}
            shape={shapeSavedRevenue}
            renderSummary={(data) => <SavedRevenueSummary data={data} />}
            renderChart={(data) => <SavedRevenueChart data={data} />}
          />
          <ChartCard
            {...common}
            wide
            dataset="save-durability"
            sessionsFilter={{ outcome: 'saved' }}
            description="Whether saved subscribers were still paying 30, 60 and 90 days later, by offer and by reason."
            load={durability}
            shape={shapeStuck}
            renderSummary={(data) => <DurabilitySummary data={data} />}
            renderChart={(data) => <DurabilityChart data={data} />}
          />
          <ChartCard
            {...common}
            wide
            dataset="write-in-reasons"
            description="The words subscribers used most in written feedback."
            load={words}
            shape={shapeWords}
            renderChart={(data) => <WordCloud words={data} />}
          />
          <FeedbackSection range={range} tier={tier} common={common} />
        </div>
      )}
      {/* Failed payments are not cancel sessions: shown even when the period has none. */}
      <RecoverySection range={range} tier={tier} />
      {/* Stripe's history from before Retainkit: the last 12 months whatever the period, never in the charts. */}
      <PastCancellationsSection accountId={accountId} />
    </div>
  )
}
