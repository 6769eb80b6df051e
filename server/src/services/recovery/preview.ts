import type { RecoveryMailKind, RecoveryTextKey } from '@retainkit/shared/recovery'
import type { AppDeps } from '../../deps'

/**
 * The sample subscriber the console's mail preview shows: €49.00 for Pro, a week's grace, a link to a
 * page that says it is a sample (the preview grants nothing).
 */
export function previewParams(
  deps: Pick<AppDeps, 'config' | 'clock'>,
  kind: RecoveryMailKind,
  texts: Record<string, Partial<Record<RecoveryTextKey, string>>>,
) {
  const now = deps.clock.now()
  const day = 86_400_000
  const link = `${deps.config.publicUrl}/update-payment/preview`
  const base = {
    amount: { amount: 4900, currency: 'eur' },
    plan: 'Pro',
    time_zone: null,
    texts,
  }
  const invoice = {
    ...base,
    link,
    ends_at: new Date(now.getTime() + 14 * day).toISOString(),
    days: 7,
    link_days: 17,
  }
  switch (kind) {
    case 'payment_failed':
    case 'payment_reminder':
      return invoice
    case 'payment_final_notice':
      return { ...invoice, pause: { link: `${link}?offer=pause`, months: 1 } }
    case 'payment_recovered':
      return { ...base, paid_at: now.toISOString() }
    case 'card_expiring':
      return {
        plan: 'Pro',
        last4: '4242',
        renews_at: new Date(now.getTime() + 21 * day).toISOString(),
        link,
        link_days: 30,
        time_zone: null,
        texts,
      }
  }
}
