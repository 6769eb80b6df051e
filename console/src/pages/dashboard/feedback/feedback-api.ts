import type { ApiData } from '@retainkit/shared/api'
import type { ThemeUpdate } from '@retainkit/shared/schemas'
import type { DashboardSlice } from '../../../lib/api'
import { apiRequest } from '../../../lib/api-client'
import type { QuoteFilterSet } from './feedback-shaping'

/** The write-in calls the dashboard makes beside its data sets: quotes behind a figure, theme settings. */
export interface QuotesQuery {
  accountId: string
  startDate: string
  endDate: string
  mode?: 'live' | 'test'
  slice?: DashboardSlice
  filter: QuoteFilterSet
  before?: string
}

export const getQuotes = (query: QuotesQuery) =>
  apiRequest<ApiData<'GET /api/analytics/quotes'>>('GET', '/api/analytics/quotes', {
    query: {
      account_id: query.accountId,
      startDate: query.startDate,
      endDate: query.endDate,
      mode: query.mode === 'test' ? 'test' : undefined,
      segment_id: query.slice?.segmentId,
      arm_id: query.slice?.armId,
      ...query.filter,
      before: query.before,
    },
  })

const themesPath = (accountId: string) =>
  `/api/account?accountId=${encodeURIComponent(accountId)}&action=themes`

export const getThemeSettings = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=themes'>>('GET', themesPath(accountId))

export const updateTheme = (accountId: string, update: ThemeUpdate) =>
  apiRequest<ApiData<'PUT /api/account?action=themes'>>('PUT', themesPath(accountId), { body: update })

export const getWriteInSummaries = (accountId: string) =>
  apiRequest<ApiData<'GET /api/account?action=summaries'>>(
    'GET',
    `/api/account?accountId=${encodeURIComponent(accountId)}&action=summaries`,
  )
