import type { PortalConfigurationRecord, PortalFlow, PortalSessionRecord } from '../billing-types'
import { invalidRequest, missingParameter, resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import { requireCustomer } from './customer-lookup'

/**
 * The customer portal: configurations (what subscribers may do there; the first one saved is the
 * default, as the Dashboard's portal settings are) and sessions, whose `url` is the fake's portal page
 * (hosted/portal-page.ts). As on Stripe, a session needs a saved configuration.
 */

const NO_CONFIGURATION =
  "You can't create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal."

const featuresSpec = p.object(
  {
    customer_update: p.object({ enabled: p.boolean({ required: true }), ...accepted('allowed_updates') }),
    invoice_history: p.object({ enabled: p.boolean({ required: true }) }),
    payment_method_update: p.object({
      enabled: p.boolean({ required: true }),
      ...accepted('payment_method_configuration'),
    }),
    subscription_cancel: p.object({
      enabled: p.boolean({ required: true }),
      mode: p.enum(['at_period_end', 'immediately']),
      proration_behavior: p.enum(['always_invoice', 'create_prorations', 'none']),
      ...accepted('cancellation_reason'),
    }),
    ...accepted('subscription_update'),
  },
  { required: true },
)

const subscriptionRef = p.object({ subscription: p.string({ required: true }) })
const flowDataSpec = p.object({
  type: p.enum(
    [
      'customer_update',
      'payment_method_update',
      'subscription_cancel',
      'subscription_pause',
      'subscription_update',
      'subscription_update_confirm',
    ],
    { required: true },
  ),
  after_completion: p.object({
    type: p.enum(['hosted_confirmation', 'portal_homepage', 'redirect'], { required: true }),
    hosted_confirmation: p.object({ custom_message: p.string() }),
    redirect: p.object({ return_url: p.string({ required: true }) }),
  }),
  subscription_cancel: p.object({ subscription: p.string({ required: true }), ...accepted('retention') }),
  subscription_pause: subscriptionRef,
  subscription_update: subscriptionRef,
  subscription_update_confirm: p.object({
    subscription: p.string({ required: true }),
    ...accepted('items', 'discounts'),
  }),
})

interface FlowParams {
  type: PortalFlow['type']
  after_completion?: {
    type: PortalFlow['after_completion']['type']
    hosted_confirmation?: { custom_message?: string }
    redirect?: { return_url: string }
  }
  subscription_cancel?: { subscription: string }
  subscription_pause?: { subscription: string }
  subscription_update?: { subscription: string }
}

const isUrl = (url: string): boolean => /^https?:\/\/\S+$/i.test(url)

/** The session's `flow` from `flow_data`, checked as Stripe does (a flow's own object, its subscription). */
function flowFrom(ctx: RouteContext, customer: string, data: FlowParams | undefined): PortalFlow | null {
  if (!data) return null
  const after = data.after_completion ?? { type: 'portal_homepage' as const }
  if (after.type === 'redirect' && !after.redirect)
    throw missingParameter('flow_data[after_completion][redirect]')
  if (after.redirect && !isUrl(after.redirect.return_url)) {
    throw invalidRequest('Not a valid URL', {
      param: 'flow_data[after_completion][redirect][return_url]',
      code: 'url_invalid',
    })
  }
  const own = (key: 'subscription_cancel' | 'subscription_pause' | 'subscription_update') => {
    if (data.type !== key) return null
    const given = data[key]
    if (!given) throw missingParameter(`flow_data[${key}]`)
    const sub = ctx.state.subscriptions.get(given.subscription)
    if (!sub || sub.customer !== customer) {
      throw resourceMissing('subscription', given.subscription, `flow_data[${key}][subscription]`)
    }
    return { subscription: sub.id }
  }
  const cancel = own('subscription_cancel')
  return {
    after_completion: {
      hosted_confirmation:
        after.type === 'hosted_confirmation'
          ? { custom_message: after.hosted_confirmation?.custom_message ?? null }
          : null,
      redirect:
        after.type === 'redirect' && after.redirect ? { return_url: after.redirect.return_url } : null,
      type: after.type,
    },
    customer_update: data.type === 'customer_update' ? {} : null,
    subscription_cancel: cancel ? { retention: null, ...cancel } : null,
    subscription_pause: own('subscription_pause'),
    subscription_update: own('subscription_update'),
    subscription_update_confirm: null,
    type: data.type,
  }
}

export function requirePortalConfiguration(
  ctx: Pick<RouteContext, 'state'>,
  id: string,
): PortalConfigurationRecord {
  const configuration = ctx.state.portalConfigurations.get(id)
  if (!configuration) throw resourceMissing('billing portal configuration', id)
  return configuration
}

function createConfiguration(ctx: RouteContext): Record<string, unknown> {
  const params = ctx.params as {
    features: {
      customer_update?: { enabled: boolean }
      invoice_history?: { enabled: boolean }
      payment_method_update?: { enabled: boolean }
      subscription_cancel?: {
        enabled: boolean
        mode?: 'at_period_end' | 'immediately'
        proration_behavior?: 'always_invoice' | 'create_prorations' | 'none'
      }
    }
    business_profile?: { headline?: string; privacy_policy_url?: string; terms_of_service_url?: string }
    default_return_url?: string | null
    metadata?: Record<string, string | null>
  }
  const features = params.features
  const configuration: PortalConfigurationRecord = {
    id: newId('bpc'),
    object: 'billing_portal.configuration',
    active: true,
    business_profile: {
      headline: params.business_profile?.headline ?? null,
      privacy_policy_url: params.business_profile?.privacy_policy_url ?? null,
      terms_of_service_url: params.business_profile?.terms_of_service_url ?? null,
    },
    created: ctx.now,
    default_return_url: params.default_return_url ?? null,
    features: {
      customer_update: { enabled: features.customer_update?.enabled ?? false },
      invoice_history: { enabled: features.invoice_history?.enabled ?? false },
      payment_method_update: { enabled: features.payment_method_update?.enabled ?? false },
      subscription_cancel: {
        enabled: features.subscription_cancel?.enabled ?? false,
        mode: features.subscription_cancel?.mode ?? 'at_period_end',
        proration_behavior: features.subscription_cancel?.proration_behavior ?? 'none',
      },
    },
    is_default: ctx.state.portalConfigurations.size === 0,
    livemode: false,
    metadata: mergeMetadata({}, params.metadata),
    updated: ctx.now,
  }
  ctx.state.portalConfigurations.add(configuration)
  return renderRecord(ctx.state, configuration)
}

function createSession(ctx: RouteContext): Record<string, unknown> {
  const params = ctx.params as {
    customer?: string
    return_url?: string
    configuration?: string
    locale?: string
    on_behalf_of?: string
    flow_data?: FlowParams
  }
  if (params.customer === undefined) throw missingParameter('customer')
  requireCustomer(ctx, params.customer, 'customer')
  const configuration =
    params.configuration !== undefined
      ? requirePortalConfiguration(ctx, params.configuration)
      : ctx.state.portalConfigurations.values().find((candidate) => candidate.is_default)
  if (!configuration) throw invalidRequest(NO_CONFIGURATION)
  if (!configuration.active) {
    throw invalidRequest(`The configuration ${configuration.id} is inactive.`, { param: 'configuration' })
  }
  const returnUrl = params.return_url ?? configuration.default_return_url
  if (returnUrl !== null && !isUrl(returnUrl)) {
    throw invalidRequest('Not a valid URL', { param: 'return_url', code: 'url_invalid' })
  }
  const flow = flowFrom(ctx, params.customer, params.flow_data)
  const id = `bps_${randomToken(24)}`
  const session: PortalSessionRecord = {
    id,
    object: 'billing_portal.session',
    configuration: configuration.id,
    created: ctx.now,
    customer: params.customer,
    customer_account: null,
    flow,
    livemode: false,
    locale: params.locale ?? null,
    on_behalf_of: params.on_behalf_of ?? null,
    return_url: returnUrl,
    url: `${ctx.origin}/p/session/${id}`,
  }
  ctx.state.portalSessions.add(session)
  return renderRecord(ctx.state, session)
}

export const billingPortalRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/configurations',
    resource: 'billing_portal',
    params: {
      features: featuresSpec,
      business_profile: p.object({
        headline: p.string({ emptyable: true }),
        privacy_policy_url: p.string(),
        terms_of_service_url: p.string(),
      }),
      default_return_url: p.string({ emptyable: true }),
      metadata: p.metadata(),
      ...accepted('login_page', 'name'),
    },
    handle: createConfiguration,
  },
  {
    method: 'GET',
    path: '/v1/billing_portal/configurations/:id',
    resource: 'billing_portal',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requirePortalConfiguration(ctx, ctx.path.id as string)),
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    resource: 'billing_portal',
    params: {
      customer: p.string(),
      return_url: p.string(),
      configuration: p.string(),
      locale: p.string(),
      on_behalf_of: p.string(),
      flow_data: flowDataSpec,
      ...accepted('after_expiration', 'customer_account'),
    },
    handle: createSession,
  },
]
