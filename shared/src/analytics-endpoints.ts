/** The analytics data sets, zod-free so the console can import them cheaply. */
export const ANALYTICS_ENDPOINTS = [
  'cancellation-reasons',
  'cancellation-reasons-over-time',
  'save-mechanism-performance',
  'save-rate-over-time',
  'write-in-reasons',
  // Ours, beyond the spec's five (saved revenue): MRR kept by saves, from the saves table.
  // Kept last so the spec's five stay first in every list and message.
  'saved-revenue',
  // Ours: whether saves stuck 30/60/90 days on (kept or lost), by offer and by reason.
  'save-durability',
  // The dashboard's headline row: the period's figures beside the previous period of the same length.
  'headline-figures',
  // Write-in insights (shared/src/feedback-insights.ts): the sentiment split (every tier), the same split
  // by reason, outcome, segment, arm and month, and the themes (Pro).
  'write-in-sentiment',
  'write-in-sentiment-breakdown',
  'write-in-themes',
] as const
export type AnalyticsEndpoint = (typeof ANALYTICS_ENDPOINTS)[number]
