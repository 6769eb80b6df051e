import type { Tier } from '@retainkit/shared/billing'
import { useMemo } from 'react'
import type { DashboardSlice } from '../../lib/api'
import { ChartCard } from './chart-card'
import { DurabilityChart, DurabilitySummary } from './charts/durability-view'
import { MechanismsChart } from './charts/mechanisms-chart'
import { ReasonsChart, ReasonsSummary } from './charts/reasons-chart'
import { ReasonsOverTimeChart } from './charts/reasons-over-time-chart'
import { SaveRateChart, SaveRateSummary } from './charts/save-rate-chart'
import { SavedRevenueChart, SavedRevenueSummary } from './charts/saved-revenue-view'
import { WordCloud } from './charts/word-cloud'
import type { DashboardDataset } from './dashboard-datasets'
import {
  shapeMechanisms,
  shapeReasons,
  shapeReasonsOverTime,
  shapeSaveRate,
  shapeWords,
} from './dashboard-shaping'
import { shapeDurability } from './durability-shaping'
import { FeedbackSection } from './feedback/feedback-section'
import { shapeSavedRevenue } from './saved-revenue-shaping'
import { type DatasetRange, useDataset } from './use-dataset'

/** The analytics route: free accounts get the basic reason dashboard; these are Pro only. */
const PRO_ONLY: ReadonlySet<DashboardDataset> = new Set([
  'cancellation-reasons-over-time',
  'save-mechanism-performance',
  'saved-revenue',
  'save-durability',
])

/** What every card of the dashboard is given alike. */
export interface CardCommon {
  labels: ReadonlyMap<string, string>
  accountId: string
  period: string
  testMode: boolean
  slice: DashboardSlice | undefined
}

/**
 * The charts' data sets for the range, fetched whether or not the grid shows (so the grid has them when
 * the period turns out to have sessions); those a free account cannot see are locked, never asked for.
 */
export function useDashboardDatasets(
  range: DatasetRange | null,
  tier: Tier | null | undefined,
  labels: ReadonlyMap<string, string>,
) {
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
  return { reasons, overTime, mechanisms, saveRate, words, revenue, durability, shapeReasonRows, shapeStuck }
}

type DashboardDatasets = ReturnType<typeof useDashboardDatasets>

/** The grid of chart cards, in reading order, and the written feedback section that closes it. */
export function DashboardCharts(props: {
  common: CardCommon
  datasets: DashboardDatasets
  range: DatasetRange
  tier: Tier | null | undefined
}) {
  const { common, datasets } = props
  return (
    <div className="rk-dashboard__grid">
      <ReasonCards common={common} datasets={datasets} />
      <SavedCards common={common} datasets={datasets} />
      <FeedbackSection range={props.range} tier={props.tier} common={common} />
    </div>
  )
}

/** Why subscribers leave and how many stay: reasons, save rate, reasons per month, offers taken. */
function ReasonCards({ common, datasets }: { common: CardCommon; datasets: DashboardDatasets }) {
  return (
    <>
      <ChartCard
        {...common}
        dataset="cancellation-reasons"
        description="The reason each subscriber gave in the cancel flow, with its share; those who stayed count too."
        load={datasets.reasons}
        shape={datasets.shapeReasonRows}
        renderSummary={(data) => <ReasonsSummary data={data} />}
        renderChart={(data) => <ReasonsChart data={data} />}
      />
      <ChartCard
        {...common}
        dataset="save-rate-over-time"
        description="Subscribers who stayed (kept their plan or accepted an offer), out of everyone who finished the flow, per month. Months without sessions are left blank."
        load={datasets.saveRate}
        shape={shapeSaveRate}
        renderSummary={(data) => <SaveRateSummary data={data} />}
        renderChart={(data) => <SaveRateChart data={data} />}
      />
      <ChartCard
        {...common}
        wide
        dataset="cancellation-reasons-over-time"
        description="The reasons subscribers gave, per month."
        load={datasets.overTime}
        shape={shapeReasonsOverTime}
        renderChart={(data) => <ReasonsOverTimeChart data={data} labels={common.labels} />}
      />
      <ChartCard
        {...common}
        dataset="save-mechanism-performance"
        description="How many subscribers accepted or declined each save offer."
        load={datasets.mechanisms}
        shape={shapeMechanisms}
        renderChart={(data) => <MechanismsChart data={data} />}
      />
    </>
  )
}

/** What the saves were worth and whether they lasted, then the words of written feedback. */
function SavedCards({ common, datasets }: { common: CardCommon; datasets: DashboardDatasets }) {
  return (
    <>
      <ChartCard
        {...common}
        dataset="saved-revenue"
        sessionsFilter={{ outcome: 'saved' }}
        description="Monthly recurring revenue kept by accepted offers."
        load={datasets.revenue}
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
        load={datasets.durability}
        shape={datasets.shapeStuck}
        renderSummary={(data) => <DurabilitySummary data={data} />}
        renderChart={(data) => <DurabilityChart data={data} />}
      />
      <ChartCard
        {...common}
        wide
        dataset="write-in-reasons"
        description="The words subscribers used most in written feedback."
        load={datasets.words}
        shape={shapeWords}
        renderChart={(data) => <WordCloud words={data} />}
      />
    </>
  )
}
