import Stripe from 'stripe'
import type { AccountRegistry } from './accounts'
import { newId } from './ids'
import { markLivemode } from './render'
import type { FakeAccount } from './state'
import type { EventRecord, WebhookEndpointRecord } from './types'

export const API_VERSION = '2026-10-28.endive'

export interface WebhookDelivery {
  eventId: string
  type: string
  endpointId: string
  url: string
  /** HTTP status from the receiver, or null when the request itself failed. */
  status: number | null
  ok: boolean
  error?: string
}

export interface WebhookOptions {
  /** Deliver right after each change instead of waiting for `deliverWebhooks()`. Default false. */
  autoDeliver?: boolean
  /** Transport for deliveries; defaults to the global fetch. Tests can pass an app's handler. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>
  /** Signing time; defaults to the real wall clock, since receivers check it against theirs. */
  signingTime?: () => number
}

interface QueuedDelivery {
  event: EventRecord
  accountId: string
  endpoint: WebhookEndpointRecord
}

function subscribes(endpoint: WebhookEndpointRecord, type: string): boolean {
  return (
    endpoint.status === 'enabled' &&
    (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type))
  )
}

/**
 * Stores events and delivers them to webhook endpoints with a `Stripe-Signature` header built by
 * the SDK's own `generateTestHeaderString`, so `stripe.webhooks.constructEvent` accepts them.
 * Connected accounts' events also go to their platform's `connect: true` endpoints, with `account`.
 */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = []
  private queue: QueuedDelivery[] = []
  private inflight: Promise<WebhookDelivery[]> = Promise.resolve([])

  constructor(
    private readonly registry: AccountRegistry,
    private readonly options: WebhookOptions = {},
  ) {}

  /** Creates and stores an event for `account`, queueing a delivery per subscribed endpoint. */
  record(
    account: FakeAccount,
    type: string,
    object: Record<string, unknown>,
    previous: Record<string, unknown> | undefined,
    created: number,
    request: { id: string | null; idempotency_key: string | null },
  ): EventRecord {
    const event: EventRecord = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created,
      data: previous ? { object, previous_attributes: previous } : { object },
      livemode: false,
      pending_webhooks: 0,
      request,
      type,
    }
    if (account.platformId) event.account = account.id
    if (account.livemode) markLivemode(event)
    const targets = this.targets(account, type)
    event.pending_webhooks = targets.length
    account.state.events.add(event)
    for (const target of targets) this.queue.push({ event, ...target })
    return event
  }

  private targets(
    account: FakeAccount,
    type: string,
  ): Array<{ accountId: string; endpoint: WebhookEndpointRecord }> {
    const own = account.state.webhookEndpoints
      .values()
      .filter((endpoint) => !endpoint.connect && subscribes(endpoint, type))
      .map((endpoint) => ({ accountId: account.id, endpoint }))
    const platform = account.platformId ? this.registry.account(account.platformId) : undefined
    const viaPlatform = platform
      ? platform.state.webhookEndpoints
          .values()
          .filter((endpoint) => endpoint.connect && subscribes(endpoint, type))
          .map((endpoint) => ({ accountId: platform.id, endpoint }))
      : []
    return [...own, ...viaPlatform]
  }

  get pending(): number {
    return this.queue.length
  }

  /** Called after each committed change; delivers straight away in auto mode. */
  changed(): void {
    if (this.options.autoDeliver && this.queue.length > 0) void this.deliver()
  }

  /** Sends every queued event, oldest first; resolves with this batch's results. */
  deliver(): Promise<WebhookDelivery[]> {
    this.inflight = this.inflight.then(() => this.drain())
    return this.inflight
  }

  private async drain(): Promise<WebhookDelivery[]> {
    const batch = this.queue
    this.queue = []
    const results: WebhookDelivery[] = []
    for (const item of batch) results.push(await this.send(item))
    this.deliveries.push(...results)
    return results
  }

  private async send({ event, endpoint }: QueuedDelivery): Promise<WebhookDelivery> {
    const payload = JSON.stringify(event, null, 2)
    const timestamp = this.options.signingTime?.() ?? Math.floor(Date.now() / 1000)
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: endpoint.secret,
      timestamp,
    })
    const base = { eventId: event.id, type: event.type, endpointId: endpoint.id, url: endpoint.url }
    const send = this.options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init))
    try {
      const response = await send(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      })
      await response.arrayBuffer().catch(() => undefined)
      if (response.ok) event.pending_webhooks = Math.max(0, event.pending_webhooks - 1)
      return { ...base, status: response.status, ok: response.ok }
    } catch (error) {
      return {
        ...base,
        status: null,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      }
    }
  }
}
