import type { PortalConfigurationRecord, PortalSessionRecord } from '../billing-types'
import { invalidRequest } from '../errors'
import type { FormObject } from '../form-codec'
import { renderRecord } from '../render'
import { paymentMethodFor } from '../resources/invoices'
import { periodEnd } from '../resources/subscription-items'
import { cancelSubscriptionNow, isEnded } from '../resources/subscription-lifecycle'
import { applyCancelSchedule } from '../resources/subscription-update'
import type { CustomerRecord, SubscriptionRecord } from '../types'
import { attachCard } from './checkout-page'
import { escapeHtml, formatDay, formatMoney, hiddenFields, TEST_CARDS } from './html'
import { type HostedResult, htmlResult, type PageContext, redirectResult } from './page'

/**
 * The Billing Portal a customer reaches from a portal session's `url`: their plans, with Cancel plan
 * (at the period's end or at once, as the configuration says) and Renew plan (undoing a scheduled
 * cancellation); their card, with Update; their invoices; and the way back to `return_url`. Each
 * change is what the portal would do through the API, with the same events.
 */

const one = (value: FormObject[string] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

const DONE_MESSAGES: Readonly<Record<string, string>> = {
  canceled: 'Your plan has been canceled.',
  renewed: 'Your plan will renew.',
  card: 'Your payment method has been updated.',
}

function describeSubscription(ctx: PageContext, sub: SubscriptionRecord): string {
  const names = sub.items
    .map((item) => {
      const price = ctx.state.prices.get(item.price)
      if (!price) return ''
      const product = ctx.state.products.get(price.product)?.name ?? price.product
      const every = price.recurring ? ` per ${price.recurring.interval}` : ''
      const amount = formatMoney(price.unit_amount, price.currency)
      return price.recurring?.usage_type === 'metered'
        ? `${product}: ${amount} per unit${every}, by usage`
        : `${product}: ${amount}${every}`
    })
    .filter(Boolean)
    .map((text) => `<li>${escapeHtml(text)}</li>`)
    .join('')
  const end = formatDay(periodEnd(sub))
  const state =
    sub.status === 'past_due' || sub.status === 'unpaid'
      ? 'Past due: the last payment failed. We will retry it.'
      : sub.cancel_at !== null
        ? `Cancels on ${formatDay(sub.cancel_at)}.`
        : `Renews on ${end}.`
  return `<ul>${names}</ul><p>${escapeHtml(state)}</p>`
}

function planActions(ctx: PageContext, sub: SubscriptionRecord, config: PortalConfigurationRecord): string {
  const form = (action: string, label: string, secondary = false) =>
    `<form method="post" action="/p/session/${escapeHtml(ctx.path.id as string)}">${hiddenFields({
      action,
      subscription: sub.id,
    })}<button type="submit"${secondary ? ' class="secondary"' : ''}>${label}</button></form>`
  if (sub.cancel_at !== null) return `<div class="actions">${form('renew', 'Renew plan')}</div>`
  if (!config.features.subscription_cancel.enabled) return ''
  return `<div class="actions">${form('cancel', 'Cancel plan', true)}</div>`
}

/** The card on file and the form to replace it with one of Stripe's test cards. */
function cardForm(ctx: PageContext, session: PortalSessionRecord, subs: SubscriptionRecord[]): string {
  const card =
    subs.map((sub) => paymentMethodFor(ctx.state, sub)).find(Boolean) ??
    ctx.state.paymentMethods.get(
      ctx.state.customers.get(session.customer)?.invoice_settings.default_payment_method ?? '',
    )
  const brand = card ? `${card.card.brand[0]?.toUpperCase()}${card.card.brand.slice(1)}` : ''
  return `<h2>Payment method</h2><p>${card ? `${escapeHtml(brand)} •••• ${escapeHtml(card.card.last4)}` : 'No card on file.'}</p>
<form method="post" action="/p/session/${escapeHtml(session.id)}">${hiddenFields({ action: 'card' })}
<fieldset><legend>New card (Stripe test cards)</legend>${TEST_CARDS.map(
    (test, i) =>
      `<label><input type="radio" name="card" value="${test.number}"${i === 0 ? ' checked' : ''}> ${escapeHtml(test.label)}</label>`,
  ).join('')}</fieldset><button type="submit">Update payment method</button></form>`
}

/**
 * A `payment_method_update` deep link: only the card, then what `after_completion` says (back to the
 * merchant, a confirmation, or the portal's home page).
 */
function flowView(ctx: PageContext, session: PortalSessionRecord): HostedResult {
  const customer = ctx.state.customers.get(session.customer) as CustomerRecord
  const subs = ctx.state.subscriptions.list().filter((sub) => sub.customer === customer.id && !isEnded(sub))
  const business = ctx.account.businessName
  return htmlResult(
    `${business}: update your payment method`,
    `<h1>${escapeHtml(business)}</h1><p>Update the payment method for ${escapeHtml(customer.email ?? customer.id)}</p>
${cardForm(ctx, session, subs)}`,
    200,
    ctx.account.id,
  )
}

function confirmation(ctx: PageContext, session: PortalSessionRecord, message: string | null): HostedResult {
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">← Return to ${escapeHtml(ctx.account.businessName)}</a></p>`
    : ''
  return htmlResult(
    'Payment method updated',
    `<h1>${escapeHtml(ctx.account.businessName)}</h1><p role="status">${escapeHtml(message ?? DONE_MESSAGES.card ?? '')}</p>${back}`,
    200,
    ctx.account.id,
  )
}

function view(
  ctx: PageContext,
  session: PortalSessionRecord,
  config: PortalConfigurationRecord,
): HostedResult {
  const customer = ctx.state.customers.get(session.customer) as CustomerRecord
  const subs = ctx.state.subscriptions.list().filter((sub) => sub.customer === customer.id && !isEnded(sub))
  const business = ctx.account.businessName
  const done = DONE_MESSAGES[one(ctx.query.done) ?? '']
  const plans =
    subs.length === 0
      ? '<p>You have no active plans.</p>'
      : subs
          .map(
            (sub) => `<section>${describeSubscription(ctx, sub)}${planActions(ctx, sub, config)}</section>`,
          )
          .join('')
  const cardSection = config.features.payment_method_update.enabled ? cardForm(ctx, session, subs) : ''
  const invoices = config.features.invoice_history.enabled
    ? `<h2>Invoice history</h2><table><tbody>${ctx.state.invoices
        .list()
        .filter((invoice) => invoice.customer === customer.id)
        .map(
          (invoice) =>
            `<tr><td>${escapeHtml(formatDay(invoice.created))}</td><td>${escapeHtml(formatMoney(invoice.total, invoice.currency))}</td><td>${escapeHtml(invoice.status)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">← Return to ${escapeHtml(business)}</a></p>`
    : ''
  return htmlResult(
    `${business} billing`,
    `<h1>${escapeHtml(business)}</h1><p>Billing for ${escapeHtml(customer.email ?? customer.id)}</p>
${done ? `<p role="status">${escapeHtml(done)}</p>` : ''}
<h2>Current plan</h2>${plans}${cardSection}${invoices}${back}`,
    200,
    ctx.account.id,
  )
}

function ownSubscription(ctx: PageContext, session: PortalSessionRecord): SubscriptionRecord {
  const id = one(ctx.form.subscription) ?? ''
  const sub = ctx.state.subscriptions.get(id)
  if (!sub || sub.customer !== session.customer || isEnded(sub)) {
    throw invalidRequest('This plan cannot be changed here.')
  }
  return sub
}

function act(ctx: PageContext, session: PortalSessionRecord, config: PortalConfigurationRecord): string {
  const action = one(ctx.form.action)
  if (action === 'cancel' || action === 'renew') {
    const sub = ownSubscription(ctx, session)
    const before = renderRecord(ctx.state, sub)
    if (action === 'cancel') {
      if (!config.features.subscription_cancel.enabled) throw invalidRequest('Canceling is not offered here.')
      if (config.features.subscription_cancel.mode === 'immediately') {
        cancelSubscriptionNow(ctx, sub, {})
        return 'canceled'
      }
      applyCancelSchedule({ ...ctx, params: {} }, sub, { cancel_at_period_end: true })
    } else {
      applyCancelSchedule({ ...ctx, params: {} }, sub, { cancel_at_period_end: false })
    }
    ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
    return action === 'cancel' ? 'canceled' : 'renewed'
  }
  if (action === 'card') {
    if (!config.features.payment_method_update.enabled) throw invalidRequest('Cards cannot be changed here.')
    const number = one(ctx.form.card) ?? ''
    if (!TEST_CARDS.some((card) => card.number === number))
      throw invalidRequest('Your card number is incorrect.')
    // …0002 is declined when attached; …0341 attaches and only its later charges fail.
    if (number.endsWith('0002')) throw invalidRequest('Your card was declined.')
    const customer = ctx.state.customers.get(session.customer) as CustomerRecord
    const card = attachCard(ctx, customer, number)
    const customerBefore = renderRecord(ctx.state, customer)
    customer.invoice_settings.default_payment_method = card.id
    ctx.emit('customer.updated', renderRecord(ctx.state, customer), customerBefore)
    for (const sub of ctx.state.subscriptions.values()) {
      if (sub.customer !== customer.id || isEnded(sub)) continue
      const before = renderRecord(ctx.state, sub)
      sub.default_payment_method = card.id
      ctx.emit('customer.subscription.updated', renderRecord(ctx.state, sub), before)
    }
    return 'card'
  }
  throw invalidRequest('Choose what to change.')
}

export function portalPage(ctx: PageContext, id: string): HostedResult {
  const session = ctx.state.portalSessions.get(id) as PortalSessionRecord
  const config = ctx.state.portalConfigurations.get(session.configuration) as PortalConfigurationRecord
  const flow = session.flow?.type === 'payment_method_update' ? session.flow : null
  const home = one(ctx.query.home) === '1'
  if (ctx.method === 'GET') {
    if (one(ctx.query.done) === 'card' && flow?.after_completion.type === 'hosted_confirmation') {
      return confirmation(ctx, session, flow.after_completion.hosted_confirmation?.custom_message ?? null)
    }
    return flow && !home ? flowView(ctx, session) : view(ctx, session, config)
  }
  const done = act(ctx, session, flow ? withCardUpdates(config) : config)
  if (flow && done === 'card') {
    const redirect = flow.after_completion.redirect
    if (redirect) return redirectResult(redirect.return_url, ctx.account.id)
    const next = flow.after_completion.type === 'portal_homepage' ? '&home=1' : ''
    return redirectResult(`/p/session/${session.id}?done=card${next}`, ctx.account.id)
  }
  return redirectResult(`/p/session/${session.id}?done=${done}`, ctx.account.id)
}

/** A payment-method deep link updates the card whatever the portal's own settings. */
function withCardUpdates(config: PortalConfigurationRecord): PortalConfigurationRecord {
  return { ...config, features: { ...config.features, payment_method_update: { enabled: true } } }
}
