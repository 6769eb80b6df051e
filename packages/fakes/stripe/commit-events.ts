import type { AccountRegistry } from './accounts'
import type { FakeClock } from './clock'
import type { FormObject } from './form-codec'
import { previousAttributes } from './render'
import type { Route } from './router'
import type { FakeAccount } from './state'
import type { WebhookDispatcher } from './webhooks'

// What the API pipeline (pipeline.ts) and the hosted pages (hosted/) share: the fake's parts, the
// request log and how a change's events are stored. A leaf, so the pipeline can serve the hosted pages
// without their importing it back.

export interface RequestLogEntry {
  method: string
  path: string
  /** The account acted on (the connected account under `Stripe-Account`), null if unauthenticated. */
  accountId: string | null
  /** Params as decoded from the form body or query string, before validation. */
  params: FormObject
  idempotencyKey: string | null
  status: number
  replayed: boolean
  /** Fake-clock time of the request. */
  at: number
  requestId: string
  response: unknown
}

export interface PipelineDeps {
  registry: AccountRegistry
  routes: readonly Route[]
  clock: FakeClock
  dispatcher: WebhookDispatcher
  log: RequestLogEntry[]
}

export type PendingEvent = { type: string; object: Record<string, unknown>; before?: Record<string, unknown> }

/**
 * Stores the events a successful change emitted (Stripe sends no `*.updated` event for an update that
 * changed nothing) and lets the dispatcher deliver them.
 */
export function commitEvents(
  dispatcher: WebhookDispatcher,
  account: FakeAccount,
  pending: readonly PendingEvent[],
  now: number,
  request: { id: string | null; idempotency_key: string | null },
): void {
  for (const event of pending) {
    const previous =
      event.before && event.type.endsWith('.updated')
        ? previousAttributes(event.before, event.object)
        : undefined
    if (previous && Object.keys(previous).length === 0) continue
    dispatcher.record(account, event.type, event.object, previous, now, request)
  }
  dispatcher.changed()
}
