import type { ApiData } from '@retainkit/shared/api'
import type { RecoveryMailKind, RecoverySettings, RecoveryTextKey } from '@retainkit/shared/recovery'
import { apiRequest } from '../../../lib/api-client'

/** Payment recovery's console calls (server/src/routes/recovery.ts): settings, availability, preview. */

export type RecoveryView = ApiData<'GET /api/recovery/{accountId}'>
export type RecoveryPreview = ApiData<'POST /api/recovery/{accountId}/preview'>

const path = (accountId: string) => `/api/recovery/${encodeURIComponent(accountId)}`

export const getRecovery = (accountId: string) => apiRequest<RecoveryView>('GET', path(accountId))

export const saveRecovery = (accountId: string, settings: RecoverySettings) =>
  apiRequest<ApiData<'PUT /api/recovery/{accountId}'>>('PUT', path(accountId), { body: settings })

export const previewRecoveryMail = (
  accountId: string,
  body: { kind: RecoveryMailKind; locale: string; texts: Partial<Record<RecoveryTextKey, string>> },
) => apiRequest<RecoveryPreview>('POST', `${path(accountId)}/preview`, { body })
