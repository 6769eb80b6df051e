import { type BillingInterval, keepsTrial } from '@retainkit/shared/billing'
import { ROUTES } from '@retainkit/shared/routes'
import type Stripe from 'stripe'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { callBilling, lockBilling, requireBilling } from './platform'
import { isLiveSubscriptionStatus, loadEffectiveTier } from './tier'

export const ALREADY_SUBSCRIBED_MESSAGE =
  'This account already has a Pro subscription. Manage it in the billing portal.'
export const NO_CUSTOMER_MESSAGE = 'This account has no billing details yet. Subscribe to Pro first.'

/** A Checkout Session this close to expiring is replaced rather than handed out again. */
const REUSE_MARGIN_SECONDS = 600

const billingPage = (deps: AppDeps, outcome?: 'success' | 'canceled') =>
  `${deps.config.publicUrl}${ROUTES.settings}?tab=billing${outcome ? `&checkout=${outcome}` : ''}`

/**
 * `POST /api/billing/checkout/{accountId}`: a Stripe Checkout Session for Pro, monthly or annual (plus
 * the metered overage price when configured). One Stripe customer per account, created here once;
 * one open session per account: asking again for the same interval hands the open session back, and
 * a session for the other interval expires the first, so an account cannot pay twice. An account with
 * a live subscription is sent to the portal instead. Serialised per account.
 */
export async function startCheckout(
  deps: AppDeps,
  accountId: string,
  payer: { email: string },
  interval: BillingInterval,
): Promise<{ url: string }> {
  const { config, stripe } = requireBilling(deps)
  const price = interval === 'year' ? config.prices.annual : config.prices.monthly
  return deps.db.transaction().execute(async (trx) => {
    await lockBilling(trx, accountId)
    const account = await trx
      .selectFrom('accounts')
      .select(['id', 'name', 'email'])
      .where('id', '=', accountId)
      .executeTakeFirst()
    if (!account) throw new HttpError('NOT_FOUND')
    const row = await trx
      .selectFrom('platform_subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst()
    if (row && isLiveSubscriptionStatus(row.status)) {
      throw new HttpError('CONSTRAINT_VIOLATION', ALREADY_SUBSCRIBED_MESSAGE, undefined, undefined, 409)
    }
    const now = deps.clock.now()
    if (row?.checkout_session_id) {
      const open = await callBilling(deps, 'checkout.retrieve', () =>
        stripe.checkout.sessions.retrieve(row.checkout_session_id as string),
      )
      const fresh = open.expires_at > now.getTime() / 1000 + REUSE_MARGIN_SECONDS
      if (open.status === 'open' && open.metadata?.interval === interval && fresh && open.url) {
        return { url: open.url }
      }
      if (open.status === 'open') {
        await callBilling(deps, 'checkout.expire', () => stripe.checkout.sessions.expire(open.id))
      }
    }
    // The trial's days left are kept: the subscription trials until then, the first charge is then.
    const trial = await loadEffectiveTier(trx, accountId, now)
    const keep = trial?.source === 'trial' && trial.trialEndsAt && keepsTrial(trial.trialEndsAt, now)
    const trialEnd = keep && trial.trialEndsAt ? Math.floor(trial.trialEndsAt.getTime() / 1000) : undefined
    let customerId = row?.customer_id
    if (!customerId) {
      const customer: Stripe.Customer = await callBilling(deps, 'customers.create', () =>
        stripe.customers.create(
          { email: account.email ?? payer.email, name: account.name, metadata: { account_id: accountId } },
          { idempotencyKey: `rk-billing-customer-${accountId}` },
        ),
      )
      customerId = customer.id
      await trx
        .insertInto('platform_subscriptions')
        .values({ account_id: accountId, customer_id: customerId, created_at: now, updated_at: now })
        .execute()
    }
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [{ price, quantity: 1 }]
    if (config.prices.overage) lineItems.push({ price: config.prices.overage })
    const session = await callBilling(deps, 'checkout.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: accountId,
        line_items: lineItems,
        metadata: { account_id: accountId, interval },
        // Flexible billing mode lets the annual price and the monthly metered one share a subscription.
        subscription_data: {
          metadata: { account_id: accountId },
          billing_mode: { type: 'flexible' },
          ...(trialEnd === undefined ? {} : { trial_end: trialEnd }),
        },
        success_url: billingPage(deps, 'success'),
        cancel_url: billingPage(deps, 'canceled'),
      }),
    )
    if (!session.url) throw new HttpError('EXTERNAL_SERVICE_ERROR', 'Stripe returned no Checkout page.')
    await trx
      .updateTable('platform_subscriptions')
      .set({ checkout_session_id: session.id, updated_at: now })
      .where('account_id', '=', accountId)
      .execute()
    return { url: session.url }
  })
}

/** `POST /api/billing/portal/{accountId}`: a Billing Portal session for the account's Stripe customer. */
export async function openPortal(deps: AppDeps, accountId: string): Promise<{ url: string }> {
  const { stripe } = requireBilling(deps)
  const row = await deps.db
    .selectFrom('platform_subscriptions')
    .select('customer_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!row) throw new HttpError('CONSTRAINT_VIOLATION', NO_CUSTOMER_MESSAGE, undefined, undefined, 409)
  const session = await callBilling(deps, 'billing_portal.create', () =>
    stripe.billingPortal.sessions.create({ customer: row.customer_id, return_url: billingPage(deps) }),
  )
  return { url: session.url }
}
