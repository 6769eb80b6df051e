import { type TermsBlock, withDescription } from '@retainkit/shared/reactivation-terms'
import type { ReactivationKind, ReactivationTerms, ScheduledCancellation } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import { currentPeriodEnd, planOf } from './stripe-subscriber'

/**
 * What coming back costs, in the words the banner must show before anyone is charged: the plan, its
 * regular price, the winback discount's effect, when the first charge happens and that it renews. All of
 * it is read from the Stripe subscription the reactivation would act on (the churned one's price is what
 * the new subscription is created with); nothing comes from the browser.
 */

export interface TermsOffer {
  percentOff: number
  months: number
}

const DAY_MS = 86_400_000

/** The same day `months` calendar months later (UTC), as Stripe counts a coupon's duration. */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date)
  next.setUTCMonth(next.getUTCMonth() + months)
  return next
}

/**
 * How many charges a coupon lasting `months` covers when billing starts at `start`: Stripe discounts
 * every invoice created before the coupon's duration runs out, the first one included.
 */
export function discountedCharges(
  plan: Pick<ReactivationTerms, 'interval' | 'intervalCount'>,
  months: number,
  start: Date,
): number {
  const count = Math.max(1, plan.intervalCount)
  if (plan.interval === 'month' || plan.interval === 'year') {
    return Math.ceil(months / (count * (plan.interval === 'year' ? 12 : 1)))
  }
  const periodDays = count * (plan.interval === 'week' ? 7 : 1)
  const spanDays = (addMonths(start, months).getTime() - start.getTime()) / DAY_MS
  return Math.ceil(spanDays / periodDays)
}

/**
 * The regular charge per billing period: every licensed item priced per unit on the first item's
 * interval, times its quantity. Null when the amount cannot be stated (metered or tiered prices), in
 * which case the banner must not offer to charge at all.
 */
function periodAmount(sub: Stripe.Subscription): number | null {
  const [first] = sub.items.data
  const recurring = first?.price.recurring
  if (!recurring) return null
  let total = 0
  for (const item of sub.items.data) {
    const price = item.price
    const same =
      price.recurring?.interval === recurring.interval &&
      price.recurring.interval_count === recurring.interval_count
    if (!same || price.recurring?.usage_type === 'metered' || price.unit_amount === null) return null
    total += price.unit_amount * (item.quantity ?? 1)
  }
  return total
}

/**
 * The terms of reactivating `sub` as `kind`, in the account's terms words for the subscriber's language
 * (`words`: shared `resolveLegal(…).terms`, wholly that language's or wholly the default language's; a
 * tag picks a built-in language's): a churned subscriber gets a new subscription charged at
 * once; a subscription paused with status `paused` is resumed from now (Stripe restarts its billing
 * cycle, so it is charged at once too); a collection pause ended or a scheduled cancellation undone is
 * next charged at its next renewal. Null when the price cannot be stated or a churned plan is no longer
 * sold (nothing to offer then).
 */
export function reactivationTerms(
  sub: Stripe.Subscription,
  kind: ReactivationKind,
  offer: TermsOffer | null,
  now: Date,
  words?: TermsBlock | string,
): ReactivationTerms | null {
  const amount = periodAmount(sub)
  const plan = planOf(sub)
  if (amount === null || (kind === 'churned' && sub.items.data[0]?.price.active === false)) return null
  const chargesNow = kind === 'churned' || sub.status === 'paused'
  const renewal = currentPeriodEnd(sub)
  if (!chargesNow && renewal === null) return null
  const firstChargeAt = chargesNow ? now : new Date((renewal as number) * 1000)
  return withDescription(
    {
      planName: plan.productName,
      currency: plan.currency,
      interval: plan.interval,
      intervalCount: plan.intervalCount,
      amount,
      discount:
        offer && kind === 'churned'
          ? {
              percentOff: offer.percentOff,
              amount: Math.max(0, Math.round(amount * (1 - offer.percentOff / 100))),
              charges: discountedCharges(plan, offer.months, firstChargeAt),
            }
          : null,
      firstChargeAt: firstChargeAt.toISOString(),
      chargesNow,
    },
    words,
  )
}

/**
 * A subscription already scheduled to cancel (at period end, or at a set date) ending at `endsAt` (unix
 * seconds): when it ends, and what undoing that would cost from its next renewal.
 */
export function scheduledCancellationOf(
  sub: Stripe.Subscription,
  endsAt: number,
  now: Date,
  words?: TermsBlock | string,
  endsOn?: (iso: string) => string,
): ScheduledCancellation {
  const iso = new Date(endsAt * 1000).toISOString()
  return {
    endsAt: iso,
    ...(endsOn ? { endsOn: endsOn(iso) } : {}),
    terms: reactivationTerms(sub, 'scheduled_cancel', null, now, words),
  }
}
