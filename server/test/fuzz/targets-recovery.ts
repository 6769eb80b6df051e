import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import { setEarlyAccess } from '../../src/services/recovery/settings'
import type { Fixture } from './fixture'
import type { Target } from './targets'

/** Payment recovery's calls: the shop is granted early access before each valid request. */

const path = (f: Fixture, rest = '') => `/api/recovery/${f.shop.accountId}${rest}`
const granted = (f: Fixture) => setEarlyAccess(f.t.database.db, f.shop.accountId, true, f.t.clock.now())

export const RECOVERY_TARGETS: Target[] = [
  {
    method: 'GET',
    doc: 'GET /api/recovery/{accountId}',
    caller: 'merchant',
    valid: (f) => ({ path: path(f) }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/recovery/{accountId}',
    caller: 'merchant',
    valid: async (f) => {
      await granted(f)
      return { path: path(f), body: { ...DEFAULT_RECOVERY_SETTINGS, enabled: true } }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/recovery/{accountId}/preview',
    caller: 'merchant',
    valid: (f) => ({
      path: path(f, '/preview'),
      body: { kind: 'payment_failed', locale: 'fr', texts: { 'payment_failed.subject': 'Paiement refusé' } },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/recovery/{accountId}/campaigns',
    caller: 'merchant',
    valid: (f) => ({ path: path(f, '/campaigns?state=all&limit=20') }),
  },
  {
    method: 'GET',
    doc: 'GET /api/recovery/{accountId}/report',
    caller: 'merchant',
    valid: async (f) => {
      await granted(f)
      return { path: path(f, '/report?startDate=2026-01-01&endDate=2026-06-30&mode=live') }
    },
  },
  {
    method: 'GET',
    doc: 'GET /api/recovery/{accountId}/export',
    caller: 'merchant',
    valid: async (f) => {
      await granted(f)
      return { path: path(f, '/export?format=csv&mode=test') }
    },
  },
]
