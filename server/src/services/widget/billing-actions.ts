import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { OfferChoice } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { couponTerms, intervalOf, isoOfUnix, type TermsPart } from '../webhooks-out/save-terms'
import { discountCoupon } from './coupons'
import {
  cancelMessage,
  discountMessage,
  pauseMessage,
  switchMessage,
  TRIAL_ONLY_MESSAGE,
  trialExtensionMessage,
} from './messages'
import { type BillingInterval, discountedMrr } from './mrr'
import { currentPeriodEnd, firstItem, stripeCall, subscriptionMrr } from './stripe-subscriber'

/**
 * The billing side of the widget's actions, through the merchant's Stripe account (API 2026-10-28):
 * discounts go in `discounts: [{coupon}]` (the `coupon` parameter is removed), pauses use
 * `pause_collection` (the pause endpoint needs flexible billing mode), switches replace the first
 * item's price with prorations, trial extensions move `trial_end`, cancellations are scheduled at period end. Every write carries an
 * idempotency key derived from the session and the request.
 */
export interface OfferContext {
  deps: AppDeps
  stripe: Stripe
  config: CancelFlowConfig
  subscription: Stripe.Subscription
  choice: OfferChoice
  mrrBefore: number
  /** The MRR before, unrounded: a discount is taken off it and rounded once. */
  mrrExact: number
  /** The start of the cancel session: pauses run from it, so a retried request sends Stripe the same params. */
  sessionStartedAt: Date
  idempotencyKey: string
}

export interface AppliedOffer {
  mrrAfter: number
  message: string
  /** Kept on the save row (saves.detail) for support and analytics. */
  detail: Record<string, unknown>
  /** What the webhooks say the subscriber accepted (webhooks-out/save-terms.ts). */
  terms: TermsPart
  /** The subscription as Stripe answered the change: remembered at once for the banner (see own-changes.ts). */
  subscription: Stripe.Subscription
}

const invalidChoice = (message: string, field: string) => new HttpError('INVALID_INPUT', message, field)

/** `at` plus whole calendar months, in UTC, clamped to the month's last day (Jan 31 + 1 → Feb 28). */
export function addMonthsUtc(at: Date, months: number): Date {
  const year = at.getUTCFullYear()
  const month = at.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(at.getUTCDate(), lastDay),
      at.getUTCHours(),
      at.getUTCMinutes(),
      at.getUTCSeconds(),
    ),
  )
}

async function applyDiscount(ctx: OfferContext): Promise<AppliedOffer> {
  const { deps, stripe, subscription } = ctx
  const { discount, coupon } = await discountCoupon(deps, stripe, ctx.config.discount)
  const updated = await stripeCall(deps, 'subscriptions.update (discount)', () =>
    stripe.subscriptions.update(
      subscription.id,
      { discounts: [discount] },
      { idempotencyKey: ctx.idempotencyKey },
    ),
  )
  const recurring = firstItem(subscription).price.recurring
  return {
    mrrAfter: discountedMrr(
      ctx.mrrExact,
      coupon,
      (recurring?.interval ?? 'month') as BillingInterval,
      recurring?.interval_count ?? 1,
    ),
    message: discountMessage(coupon, subscription.currency),
    detail: {
      coupon: coupon.id,
      percent_off: coupon.percent_off,
      amount_off: coupon.amount_off,
      duration: coupon.duration,
      duration_in_months: coupon.duration_in_months ?? null,
    },
    terms: couponTerms(coupon),
    subscription: updated,
  }
}

async function applyPause(ctx: OfferContext): Promise<AppliedOffer> {
  const months = ctx.choice.months
  if (months === undefined) throw invalidChoice('Choose how long to pause for', 'choice.months')
  if (!(ctx.config.pause.durations ?? []).includes(months)) {
    throw invalidChoice('This pause length is not offered', 'choice.months')
  }
  const resumesAt = Math.floor(addMonthsUtc(ctx.sessionStartedAt, months).getTime() / 1000)
  const updated = await stripeCall(ctx.deps, 'subscriptions.update (pause)', () =>
    ctx.stripe.subscriptions.update(
      ctx.subscription.id,
      { pause_collection: { behavior: 'void', resumes_at: resumesAt } },
      { idempotencyKey: ctx.idempotencyKey },
    ),
  )
  // The subscriber keeps their plan: the MRR they come back at is unchanged.
  return {
    mrrAfter: ctx.mrrBefore,
    message: pauseMessage(resumesAt),
    detail: { months, resumes_at: resumesAt },
    terms: { pause_months: months, pause_resumes_at: isoOfUnix(resumesAt) },
    subscription: updated,
  }
}

const applySwitch =
  (offer: 'plan_switch' | 'billing_cycle_switch') =>
  async (ctx: OfferContext): Promise<AppliedOffer> => {
    const planId = ctx.choice.planId
    if (planId === undefined) throw invalidChoice('Choose a plan to switch to', 'choice.planId')
    const plan = (ctx.config[offer].plans ?? []).find((candidate) => candidate.id === planId)
    if (!plan) throw invalidChoice('This plan is not offered', 'choice.planId')
    const item = firstItem(ctx.subscription)
    if (item.price.id === planId) throw invalidChoice('You are already on this plan', 'choice.planId')
    const updated = await stripeCall(ctx.deps, `subscriptions.update (${offer})`, () =>
      ctx.stripe.subscriptions.update(
        ctx.subscription.id,
        { items: [{ id: item.id, price: planId }], proration_behavior: 'create_prorations' },
        { idempotencyKey: ctx.idempotencyKey },
      ),
    )
    return {
      mrrAfter: subscriptionMrr(updated),
      message: switchMessage(plan.name),
      detail: { from_price: item.price.id, to_price: planId },
      terms: {
        from_price: item.price.id,
        to_price: planId,
        to_plan_name: plan.name,
        billing_interval_before: intervalOf(item.price),
        billing_interval_after: intervalOf(updated.items.data[0]?.price),
      },
      subscription: updated,
    }
  }

const DAY_SECONDS = 86_400

/**
 * Moves the trial's end by the configured days, from the end Stripe has now (read under the customer's
 * lock). No proration: nothing was billed during the trial. The MRR the subscriber comes back at is
 * the plan's, unchanged.
 */
async function applyTrialExtension(ctx: OfferContext): Promise<AppliedOffer> {
  const days = ctx.config.trial_extension.days
  const trialEnd = ctx.subscription.trial_end
  if (days === undefined)
    throw new HttpError('BUSINESS_RULE_VIOLATION', 'This offer is not available for this subscription.')
  if (ctx.subscription.status !== 'trialing' || !trialEnd) {
    throw new HttpError('BUSINESS_RULE_VIOLATION', TRIAL_ONLY_MESSAGE)
  }
  const extendedTo = trialEnd + days * DAY_SECONDS
  const updated = await stripeCall(ctx.deps, 'subscriptions.update (trial_extension)', () =>
    ctx.stripe.subscriptions.update(
      ctx.subscription.id,
      { trial_end: extendedTo, proration_behavior: 'none' },
      { idempotencyKey: ctx.idempotencyKey },
    ),
  )
  return {
    mrrAfter: ctx.mrrBefore,
    message: trialExtensionMessage(extendedTo),
    detail: { days, trial_end_before: trialEnd, trial_end: extendedTo },
    terms: { trial_extension_days: days, trial_ends_at: isoOfUnix(extendedTo) },
    subscription: updated,
  }
}

/** "Talk to us" never reaches Stripe: it always has a destination (see offerDestination). */
async function refuseTalkToUs(): Promise<AppliedOffer> {
  throw new HttpError('BUSINESS_RULE_VIOLATION', 'This offer is not available for this subscription.')
}

const APPLY: Readonly<Record<OfferType, (ctx: OfferContext) => Promise<AppliedOffer>>> = {
  discount: applyDiscount,
  pause: applyPause,
  plan_switch: applySwitch('plan_switch'),
  billing_cycle_switch: applySwitch('billing_cycle_switch'),
  trial_extension: applyTrialExtension,
  talk_to_us: refuseTalkToUs,
}

export function applyOffer(offer: OfferType, ctx: OfferContext): Promise<AppliedOffer> {
  return APPLY[offer](ctx)
}

/** Reason keys of the default reasons → Stripe's cancellation feedback; anything else is `other`. */
const STRIPE_FEEDBACK: Readonly<
  Record<string, Stripe.SubscriptionUpdateParams.CancellationDetails.Feedback>
> = {
  too_expensive: 'too_expensive',
  switched_competitor: 'switched_service',
  not_using_enough: 'unused',
  missing_features: 'missing_features',
  technical_issues: 'low_quality',
}

export function stripeFeedbackFor(reasonKey: string | null | undefined) {
  return (reasonKey && STRIPE_FEEDBACK[reasonKey]) || 'other'
}

/** Stripe keeps at most 500 characters of cancellation comment. */
export const CANCELLATION_COMMENT_MAX = 500

export async function scheduleCancellation(
  deps: AppDeps,
  stripe: Stripe,
  subscription: Stripe.Subscription,
  input: { reasonKey: string | null; feedback: string | undefined; idempotencyKey: string },
): Promise<{ cancelAt: number | null; message: string; subscription: Stripe.Subscription }> {
  const comment = input.feedback?.trim().slice(0, CANCELLATION_COMMENT_MAX)
  const updated = await stripeCall(deps, 'subscriptions.update (cancel)', () =>
    stripe.subscriptions.update(
      subscription.id,
      {
        cancel_at_period_end: true,
        cancellation_details: {
          feedback: stripeFeedbackFor(input.reasonKey),
          ...(comment ? { comment } : {}),
        },
      },
      { idempotencyKey: input.idempotencyKey },
    ),
  )
  const cancelAt = updated.cancel_at ?? currentPeriodEnd(updated)
  return { cancelAt, message: cancelMessage(cancelAt), subscription: updated }
}
