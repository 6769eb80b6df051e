/** The five analytics data sets (spec 7), zod-free so the console can import them cheaply. */
export const ANALYTICS_ENDPOINTS = [
  'cancellation-reasons',
  'cancellation-reasons-over-time',
  'save-mechanism-performance',
  'save-rate-over-time',
  'write-in-reasons',
] as const
export type AnalyticsEndpoint = (typeof ANALYTICS_ENDPOINTS)[number]
