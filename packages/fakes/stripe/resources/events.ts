import { invalidRequest, resourceMissing } from '../errors'
import { newId, randomToken } from '../ids'
import { paginate } from '../pagination'
import { accepted, mergeMetadata, p } from '../params'
import { renderRecord } from '../render'
import type { Route, RouteContext } from '../router'
import type { WebhookEndpointRecord } from '../types'
import { API_VERSION } from '../webhooks'

function requireEndpoint(ctx: RouteContext): WebhookEndpointRecord {
  const id = ctx.path.id as string
  const endpoint = ctx.state.webhookEndpoints.get(id)
  if (!endpoint) throw resourceMissing('webhook endpoint', id)
  return endpoint
}

function checkUrl(url: string): void {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    parsed = null
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw invalidRequest(`Invalid URL: ${url}. URLs must begin with http:// or https://`, { param: 'url' })
  }
}

function checkEvents(events: string[]): void {
  if (events.length === 0)
    throw invalidRequest('enabled_events must contain at least one event.', { param: 'enabled_events' })
  for (const [i, type] of events.entries()) {
    if (type !== '*' && !/^[a-z_]+(\.[a-z_]+)+$/.test(type)) {
      throw invalidRequest(`Invalid enabled_events[${i}]: ${type} is not a known event type`, {
        param: `enabled_events[${i}]`,
      })
    }
  }
}

export const eventRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/events/:id',
    resource: 'events',
    params: {},
    handle: (ctx) => {
      const id = ctx.path.id as string
      const event = ctx.state.events.get(id)
      if (!event) throw resourceMissing('event', id)
      return renderRecord(ctx.state, event)
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    resource: 'events',
    list: true,
    params: { type: p.string(), types: p.array(p.string()), ...accepted('created', 'delivery_success') },
    handle: (ctx) => {
      const type = ctx.params.type as string | undefined
      const types = ctx.params.types as string[] | undefined
      // `type` accepts a trailing wildcard, as Stripe's does (`customer.subscription.*`).
      const matches = (candidate: string): boolean =>
        type === undefined ||
        candidate === type ||
        (type.endsWith('.*') && candidate.startsWith(type.slice(0, -1)))
      const all = ctx.state.events
        .list()
        .filter((event) => matches(event.type) && (types === undefined || types.includes(event.type)))
      const page = paginate(all, ctx.params, '/v1/events', 'event')
      return { ...page, data: page.data.map((event) => renderRecord(ctx.state, event)) }
    },
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints',
    resource: 'webhook_endpoints',
    params: {
      url: p.string({ required: true }),
      enabled_events: p.array(p.string(), { required: true }),
      api_version: p.string(),
      connect: p.boolean(),
      description: p.string({ emptyable: true }),
      metadata: p.metadata(),
    },
    handle: (ctx) => {
      const params = ctx.params as {
        url: string
        enabled_events: string[]
        api_version?: string
        connect?: boolean
        description?: string | null
        metadata?: Record<string, string | null>
      }
      checkUrl(params.url)
      checkEvents(params.enabled_events)
      const endpoint: WebhookEndpointRecord = {
        id: newId('we'),
        object: 'webhook_endpoint',
        api_version: params.api_version ?? API_VERSION,
        application: null,
        connect: params.connect ?? false,
        created: ctx.now,
        description: params.description ?? null,
        enabled_events: params.enabled_events,
        livemode: false,
        metadata: mergeMetadata({}, params.metadata),
        secret: `whsec_${randomToken(32)}`,
        status: 'enabled',
        url: params.url,
      }
      ctx.state.webhookEndpoints.add(endpoint)
      // The only response that ever includes the signing secret.
      return { ...renderRecord(ctx.state, endpoint), secret: endpoint.secret }
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints/:id',
    resource: 'webhook_endpoints',
    params: {},
    handle: (ctx) => renderRecord(ctx.state, requireEndpoint(ctx)),
  },
  {
    method: 'POST',
    path: '/v1/webhook_endpoints/:id',
    resource: 'webhook_endpoints',
    params: {
      url: p.string(),
      enabled_events: p.array(p.string()),
      disabled: p.boolean(),
      description: p.string({ emptyable: true }),
      metadata: p.metadata(),
    },
    handle: (ctx) => {
      const endpoint = requireEndpoint(ctx)
      const params = ctx.params
      if (params.url !== undefined) checkUrl(params.url as string)
      if (params.enabled_events !== undefined) checkEvents(params.enabled_events as string[])
      if (params.url !== undefined) endpoint.url = params.url as string
      if (params.enabled_events !== undefined) endpoint.enabled_events = params.enabled_events as string[]
      if (params.disabled !== undefined) endpoint.status = params.disabled ? 'disabled' : 'enabled'
      if (params.description !== undefined)
        endpoint.description = (params.description as string | null) || null
      endpoint.metadata = mergeMetadata(endpoint.metadata, params.metadata as Record<string, string | null>)
      return renderRecord(ctx.state, endpoint)
    },
  },
  {
    method: 'GET',
    path: '/v1/webhook_endpoints',
    resource: 'webhook_endpoints',
    list: true,
    params: {},
    handle: (ctx) => {
      const page = paginate(
        ctx.state.webhookEndpoints.list(),
        ctx.params,
        '/v1/webhook_endpoints',
        'webhook endpoint',
      )
      return { ...page, data: page.data.map((endpoint) => renderRecord(ctx.state, endpoint)) }
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    resource: 'webhook_endpoints',
    params: {},
    handle: (ctx) => {
      const endpoint = requireEndpoint(ctx)
      ctx.state.webhookEndpoints.delete(endpoint.id)
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true }
    },
  },
]
