import type { OfferTerms } from '@retainkit/shared/api'
import { fromStripe, type Money } from '@retainkit/shared/money'

/**
 * A save's money and terms as every event about it states them: the MRR before and after the offer
 * (kept in Stripe's unit, stated here in the currency's ISO minor unit, so yen have no decimals) and the
 * terms kept with the save when it was accepted (null for saves from before they were kept).
 */
export function saveMoneyFields(save: {
  id: string | number
  mrr_before: number | string
  mrr_after: number | string
  currency: string | null
  detail: unknown
}): { save_id: string; mrr_before: Money | null; mrr_after: Money | null; terms: OfferTerms | null } {
  const amount = (value: number | string) => (save.currency ? fromStripe(Number(value), save.currency) : null)
  const detail = (typeof save.detail === 'string' ? JSON.parse(save.detail) : save.detail) as {
    terms?: OfferTerms
  } | null
  return {
    save_id: String(save.id),
    mrr_before: amount(save.mrr_before),
    mrr_after: amount(save.mrr_after),
    terms: detail?.terms ?? null,
  }
}
