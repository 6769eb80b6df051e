import type { RecoverySettings } from '@retainkit/shared/recovery'
import type Stripe from 'stripe'
import { enqueueMail } from '../mail'
import { callStripe } from '../stripe-errors'
import { idOf } from '../stripe-events'
import { planOf, SUBSCRIPTION_EXPAND } from '../widget/stripe-subscriber'
import type { RecoveryEventContext } from './event-context'
import { cardUpdateUrl, daysUntil } from './links'
import { mailTexts } from './mails'

/**
 * Pre-dunning: Stripe says a card "will expire at the end of the month" (`customer.source.expiring`,
 * on the first of that month). When a live subscription pays with that card and renews after it
 * expires, its subscriber gets one mail with a card-update link, two weeks before that renewal (or
 * now, when it is nearer). One per card and expiry, whatever repeats.
 */

const DAY_MS = 86_400_000
const LEAD_MS = 14 * DAY_MS
const LIVE = new Set(['active', 'trialing', 'past_due'])

interface ExpiringCard {
  id: string
  customer: string | null
  exp_month: number
  exp_year: number
  last4: string
}

function cardOf(event: Stripe.Event): ExpiringCard | null {
  const card = event.data.object as unknown as Partial<ExpiringCard> & { customer?: unknown }
  if (typeof card.id !== 'string' || typeof card.exp_month !== 'number' || typeof card.exp_year !== 'number')
    return null
  return {
    id: card.id,
    customer: idOf(card.customer as string | { id: string } | null),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    last4: typeof card.last4 === 'string' ? card.last4 : '0000',
  }
}

/** The first renewal at or after `expiresAt` (ms): the one the expired card would fail; null if none is near. */
function firstRenewalAfter(sub: Stripe.Subscription, expiresAt: number): number | null {
  const item = sub.items.data[0]
  const recurring = item?.price.recurring
  if (!item || !recurring) return null
  let next = item.current_period_end * 1000
  for (let i = 0; i < 60 && next < expiresAt; i++) {
    const at = new Date(next)
    if (recurring.interval === 'day') at.setUTCDate(at.getUTCDate() + recurring.interval_count)
    else if (recurring.interval === 'week') at.setUTCDate(at.getUTCDate() + 7 * recurring.interval_count)
    else
      at.setUTCMonth(at.getUTCMonth() + (recurring.interval === 'year' ? 12 : 1) * recurring.interval_count)
    next = at.getTime()
  }
  // Within a year of the notice: a card expiring before a renewal further out is for a later notice.
  return next >= expiresAt && next - expiresAt < 366 * DAY_MS ? next : null
}

const paysWith = (sub: Stripe.Subscription, card: string): boolean => {
  const own = idOf(sub.default_payment_method)
  if (own) return own === card
  const customer = sub.customer
  return (
    typeof customer === 'object' &&
    !customer.deleted &&
    idOf(customer.invoice_settings.default_payment_method) === card
  )
}

export async function onCardExpiring(ctx: RecoveryEventContext, settings: RecoverySettings): Promise<void> {
  const card = cardOf(ctx.event)
  if (!card?.customer || !settings.mails.card_expiring) return
  const customerId = card.customer
  const expiresAt = Date.UTC(card.exp_year, card.exp_month, 1)
  const list = await callStripe(
    ctx.deps.logger,
    'subscriptions.list',
    () => ctx.stripe.subscriptions.list({ customer: customerId, expand: ['data.customer'] }),
    { key: 'stored' },
  )
  const renewing = list.data
    .filter((sub) => LIVE.has(sub.status) && !sub.cancel_at_period_end && paysWith(sub, card.id))
    .map((sub) => ({ sub, renewsAt: firstRenewalAfter(sub, expiresAt) }))
    .filter((entry): entry is { sub: Stripe.Subscription; renewsAt: number } => entry.renewsAt !== null)
    .sort((a, b) => a.renewsAt - b.renewsAt)[0]
  if (!renewing) return
  const customer = renewing.sub.customer as Stripe.Customer
  if (!customer.email) return
  const full = await callStripe(
    ctx.deps.logger,
    'subscriptions.retrieve',
    () => ctx.stripe.subscriptions.retrieve(renewing.sub.id, { expand: [...SUBSCRIPTION_EXPAND] }),
    { key: 'stored' },
  )
  const now = ctx.deps.clock.now()
  const renewsAt = new Date(renewing.renewsAt)
  const sendAt = new Date(Math.max(now.getTime(), renewing.renewsAt - LEAD_MS))
  const linkExpires = new Date(Math.max(renewing.renewsAt, sendAt.getTime() + 3 * DAY_MS) + 3 * DAY_MS)
  const link = cardUpdateUrl(
    ctx.deps,
    {
      accountId: ctx.accountId,
      customerId,
      mode: ctx.event.livemode ? 'live' : 'test',
      invoiceId: null,
      channel: 'email',
    },
    linkExpires,
  )
  await enqueueMail(ctx.trx, ctx.deps, {
    kind: 'card_expiring',
    to: customer.email,
    accountId: ctx.accountId,
    dedupeKey: `card_expiring:${card.id}:${card.exp_year}-${card.exp_month}`,
    locale: customer.preferred_locales?.[0] ?? null,
    sendAt,
    params: {
      plan: planOf(full).productName || null,
      last4: card.last4,
      renews_at: renewsAt.toISOString(),
      link,
      link_days: daysUntil(sendAt, linkExpires),
      time_zone: null,
      texts: mailTexts(settings),
    },
  })
}
