import type { AnalyticsEndpoint } from '@retainkit/shared/analytics-endpoints'

/**
 * The dashboard's charted data sets: the spec's five analytics endpoints and our saved-revenue
 * one (the headline figures are a row of their own, not a chart).
 * Zod-free and chart-free: `dashboard-data.ts` (loaded at startup for the prefetch) imports this.
 */
export type DashboardDataset = Exclude<AnalyticsEndpoint, 'headline-figures'>

/** What startup prefetches for a 3-month period, in the spec's order. */
export const PREFETCHED_DATASETS = [
  'cancellation-reasons',
  'cancellation-reasons-over-time',
  'save-mechanism-performance',
  'save-rate-over-time',
  'write-in-reasons',
] as const satisfies readonly AnalyticsEndpoint[]

export const DASHBOARD_DATASETS = [
  ...PREFETCHED_DATASETS,
  'saved-revenue',
  'save-durability',
] as const satisfies readonly DashboardDataset[]

/** The period the startup prefetch covers (the 3-month data sets). */
export const PREFETCH_PERIOD = '3months'

export const DATASET_TITLES: Readonly<Record<DashboardDataset, string>> = {
  'cancellation-reasons': 'Cancellation reasons',
  'cancellation-reasons-over-time': 'Reasons over time',
  'save-mechanism-performance': 'Save offer performance',
  'save-rate-over-time': 'Save rate over time',
  'write-in-reasons': 'Write-in feedback words',
  'saved-revenue': 'Saved revenue',
  'save-durability': 'Saves that stuck',
  'write-in-sentiment': 'Write-in sentiment',
  'write-in-sentiment-breakdown': 'Sentiment by reason, outcome and over time',
  'write-in-themes': 'Write-in themes',
}
