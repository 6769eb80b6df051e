import type { CheckoutSessionRecord, PaymentMethodRecord } from '../billing-types'
import type { FormObject } from '../form-codec'
import { renderRecord } from '../render'
import { expireIfDue } from '../resources/checkout-sessions'
import { blankCustomer } from '../resources/customers'
import { DECLINING_LAST4, invoiceSubscription } from '../resources/invoices'
import { createCard, testCardForNumber } from '../resources/payment-methods'
import { createSubscription } from '../resources/subscriptions'
import type { CustomerRecord, SubscriptionRecord } from '../types'
import { escapeHtml, formatMoney, hiddenFields, TEST_CARDS } from './html'
import { type HostedResult, htmlResult, type PageContext, redirectResult } from './page'

/**
 * Stripe Checkout's payment page, for a browser test: the line items and their prices, the e-mail,
 * a choice of Stripe's test cards, Subscribe and Back. Paying creates (or reuses) the customer,
 * attaches the card, creates the subscription with `subscription_data`, charges the first invoice and
 * completes the session, then redirects to `success_url`. A card that cannot be charged leaves
 * everything as it was and says so, as Checkout does.
 */

const one = (value: FormObject[string] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function describeLines(ctx: PageContext, session: CheckoutSessionRecord): string {
  return session.hidden.lineItems
    .map((item) => {
      const price = ctx.state.prices.get(item.price)
      if (!price) return ''
      const product = ctx.state.products.get(price.product)?.name ?? price.product
      const every = price.recurring
        ? ` / ${price.recurring.interval_count > 1 ? `${price.recurring.interval_count} ` : ''}${price.recurring.interval}`
        : ''
      const amount =
        price.recurring?.usage_type === 'metered'
          ? `${formatMoney(price.unit_amount, price.currency)} per unit${every}, billed by usage`
          : `${formatMoney(price.unit_amount * (item.quantity ?? 1), price.currency)}${every}`
      return `<tr><th scope="row">${escapeHtml(product)}</th><td>${escapeHtml(amount)}</td></tr>`
    })
    .join('')
}

function paymentForm(ctx: PageContext, session: CheckoutSessionRecord, error?: string): HostedResult {
  const customer = session.customer ? ctx.state.customers.get(session.customer) : undefined
  const email = one(ctx.form.email) ?? customer?.email ?? session.customer_email ?? ''
  const business = ctx.account.businessName
  const cards = TEST_CARDS.map(
    (card, i) =>
      `<label><input type="radio" name="card" value="${card.number}"${i === 0 ? ' checked' : ''}> ${escapeHtml(card.label)}</label>`,
  ).join('')
  const back = session.cancel_url
    ? `<a href="${escapeHtml(session.cancel_url)}">← Back to ${escapeHtml(business)}</a>`
    : ''
  return htmlResult(
    `Subscribe to ${business}`,
    `<h1>Subscribe to ${escapeHtml(business)}</h1>
<table><caption>Order summary</caption>${describeLines(ctx, session)}</table>
<p>Total due today: <strong>${escapeHtml(formatMoney(session.amount_total, session.currency))}</strong></p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/c/pay/${escapeHtml(session.id)}">${hiddenFields({ action: 'pay' })}
<label>Email <input type="email" name="email" value="${escapeHtml(email)}" required${customer ? ' readonly' : ''}></label>
<fieldset><legend>Card (Stripe test cards)</legend>${cards}</fieldset>
<div class="actions"><button type="submit">Subscribe</button>${back}</div>
</form>`,
    error ? 402 : 200,
    ctx.account.id,
  )
}

function closedPage(ctx: PageContext, session: CheckoutSessionRecord): HostedResult {
  const done = session.status === 'complete'
  const link =
    done && session.success_url ? `<p><a href="${escapeHtml(successUrl(session))}">Continue</a></p>` : ''
  return htmlResult(
    done ? 'Already paid' : 'Session expired',
    done
      ? `<h1>You're all set</h1><p>This Checkout Session is already complete.</p>${link}`
      : '<h1>This Checkout Session has expired</h1><p>Go back and start again.</p>',
    done ? 200 : 410,
    ctx.account.id,
  )
}

const successUrl = (session: CheckoutSessionRecord): string =>
  (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id)

function findOrCreateCustomer(
  ctx: PageContext,
  session: CheckoutSessionRecord,
  email: string,
): CustomerRecord {
  const existing = session.customer ? ctx.state.customers.get(session.customer) : undefined
  if (existing) return existing
  const customer: CustomerRecord = { ...blankCustomer(ctx.now), email }
  ctx.state.customers.add(customer)
  ctx.emit('customer.created', renderRecord(ctx.state, customer))
  return customer
}

/** A card payment method attached to `customer` (Stripe's test card numbers). */
export function attachCard(ctx: PageContext, customer: CustomerRecord, number: string): PaymentMethodRecord {
  return createCard(ctx, customer, { ...testCardForNumber(number), attach: undefined })
}

function pay(ctx: PageContext, session: CheckoutSessionRecord): HostedResult {
  const number = one(ctx.form.card)
  if (!TEST_CARDS.some((card) => card.number === number) || number === undefined) {
    return paymentForm(ctx, session, 'Your card number is incorrect.')
  }
  const customerEmail = session.customer ? ctx.state.customers.get(session.customer)?.email : undefined
  const email = customerEmail ?? one(ctx.form.email)?.trim() ?? ''
  if (!EMAIL.test(email)) return paymentForm(ctx, session, 'Your email address is invalid.')
  const { subscriptionData, lineItems } = session.hidden
  // Checkout charges the first invoice at once (unless a trial defers it): a failing card stops here.
  if (
    DECLINING_LAST4.has(number.slice(-4)) &&
    !subscriptionData.trialPeriodDays &&
    !subscriptionData.trialEnd &&
    session.amount_total > 0
  ) {
    return paymentForm(ctx, session, 'Your card was declined.')
  }
  const customer = findOrCreateCustomer(ctx, session, email)
  const card = attachCard(ctx, customer, number)
  const created = createSubscription({
    ...ctx,
    params: {
      customer: customer.id,
      items: lineItems.map((item) => (item.quantity === null ? { price: item.price } : item)),
      metadata: subscriptionData.metadata,
      billing_mode: { type: subscriptionData.billingMode ?? 'flexible' },
      trial_period_days: subscriptionData.trialPeriodDays,
      trial_end: subscriptionData.trialEnd,
      description: subscriptionData.description,
      default_payment_method: card.id,
    },
  })
  const sub = ctx.state.subscriptions.get(created.id as string) as SubscriptionRecord
  const invoice =
    sub.status === 'trialing' ? null : invoiceSubscription(ctx, sub, 'subscription_create', null)
  session.status = 'complete'
  session.payment_status = invoice ? 'paid' : 'no_payment_required'
  session.customer = customer.id
  session.customer_details = { email, name: customer.name }
  session.subscription = sub.id
  session.invoice = invoice?.id ?? null
  session.url = null
  ctx.emit('checkout.session.completed', renderRecord(ctx.state, session))
  if (!session.success_url) {
    return htmlResult(
      'Thanks',
      `<h1>Thanks for subscribing</h1><p role="status">Payment complete.</p>`,
      200,
      ctx.account.id,
    )
  }
  return redirectResult(successUrl(session), ctx.account.id)
}

export function checkoutPage(ctx: PageContext, id: string): HostedResult {
  const session = ctx.state.checkoutSessions.get(id) as CheckoutSessionRecord
  expireIfDue(ctx, session)
  if (session.status !== 'open') return closedPage(ctx, session)
  if (ctx.method === 'GET') return paymentForm(ctx, session)
  if (one(ctx.form.action) !== 'pay') return paymentForm(ctx, session, 'Choose Subscribe to pay.')
  return pay(ctx, session)
}
