import type { Transaction } from 'kysely'
import type Stripe from 'stripe'
import type { z } from 'zod'
import type { CancelSession, Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import type { CustomerLock } from '../../services/widget/customer-lock'
import {
  type ActionOutcome,
  type ActionResult,
  actionKeys,
  idempotencyHeader,
  requestHash,
  runIdempotent,
} from '../../services/widget/idempotency'
import { loadSessionFor } from '../../services/widget/session-store'
import type { Subscriber } from '../../services/widget/subscriber-token'
import { authenticateWidgetCall, type WidgetCaller } from './auth'
import { noStore } from './body'
import type { WidgetContext } from './cors'

/** What the billing actions on a session (accept, cancel, reactivation accept) have in common. */

const ENDED: Readonly<Record<Exclude<CancelSession['status'], 'open'>, string>> = {
  saved: 'An offer was already accepted in this session.',
  canceled: 'This subscription was already canceled in this session.',
  stayed: 'This session has ended: the subscriber chose to keep their subscription.',
  abandoned: 'This session has ended. Open the cancel flow again to continue.',
}

/** Once a session ended — saved, canceled, kept or closed — it takes no other billing action. */
export function guardOpenSession(session: CancelSession): void {
  if (session.status !== 'open') throw new HttpError('CONSTRAINT_VIOLATION', ENDED[session.status])
}

/**
 * The session as committed now, its row locked until the action commits: the events call locks the
 * same row, so an event that ends the session and a billing action never both succeed.
 */
export function reloadSession(trx: Transaction<Database>, sessionId: string): Promise<CancelSession> {
  return trx
    .selectFrom('cancel_sessions')
    .selectAll()
    .where('id', '=', sessionId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

export const TEST_MODE_LIVE_OBJECT_MESSAGE =
  'This is a test mode session, and it cannot change a live Stripe subscription: rehearse with a test-mode Stripe key, or use a live subscriber token.'

/** A test-mode session never changes a live-mode Stripe object, whatever key the account connected. */
export function assertModeMayChange(subscriber: Subscriber, object: Pick<Stripe.Subscription, 'livemode'>) {
  if (subscriber.mode === 'test' && object.livemode) {
    throw new HttpError('FORBIDDEN', TEST_MODE_LIVE_OBJECT_MESSAGE)
  }
}

const NOT_SIGNED: Readonly<Record<'offers' | 'cancel', string>> = {
  offers:
    "The merchant's own offer handler is only trusted when the subscriber token says so (claim handles: ['offers']).",
  cancel:
    "The merchant's own cancel handler is only trusted when the subscriber token says so (claim handles: ['cancel']).",
}

/** "The merchant's handler did it" counts only when the merchant signed that into the token. */
export function assertMerchantHandles(subscriber: Subscriber, what: 'offers' | 'cancel'): void {
  if (!subscriber.handles.includes(what)) throw new HttpError('FORBIDDEN', NOT_SIGNED[what])
}

export interface CancelSessionAction<Body> {
  caller: WidgetCaller
  session: CancelSession
  body: Body
  /** The request's hash, and the keys its answer is stored under. */
  hash: string
  keys: string[]
}

/** What a billing action does under the customer's lock, given the session as committed then. */
export type SessionAct<T> = (lock: CustomerLock, session: CancelSession) => Promise<ActionOutcome<T>>

/**
 * Reads `POST /api/widget/sessions/:id/<action>` up to the action itself: the caller, their session,
 * the body and the Idempotency-Key, in that order (a bad token is a 401 before the session or body is
 * looked at); only cancel sessions take these actions, `wrongKind` says so otherwise.
 */
async function readCancelSessionAction<S extends z.ZodType>(
  deps: AppDeps,
  c: WidgetContext,
  action: 'accept' | 'cancel' | 'statutory',
  schema: S,
  wrongKind: string,
): Promise<CancelSessionAction<z.output<S>>> {
  const caller = await authenticateWidgetCall(deps, c)
  const session = await loadSessionFor(deps.db, c.req.param('id') ?? '', caller.subscriber)
  const body = await readBody(c, schema)
  const header = idempotencyHeader(c.req.header('idempotency-key'))
  noStore(c)
  if (session.kind !== 'cancel') throw new HttpError('INVALID_INPUT', wrongKind)
  // The screens the widget reports are evidence, not part of what is asked: a retry with a longer
  // trail is the same request.
  const { trail: _trail, ...asked } = body as { trail?: unknown }
  const hash = requestHash(action, asked)
  const keys = actionKeys(`${action}:${session.id}`, header, session.customer_id)
  return { caller, session, body, hash, keys }
}

/**
 * Runs a billing action on `session` at most once (idempotency.ts), under the customer's lock, and
 * never after the session ended: `act` receives the session as committed at that moment.
 */
export function runSessionAction<T>(
  deps: AppDeps,
  session: CancelSession,
  action: {
    keys: string[]
    hash: string
    conflictMessage: string
    act: SessionAct<T>
  },
): Promise<ActionResult<T>> {
  return runIdempotent(deps, {
    accountId: session.account_id,
    customerId: session.customer_id,
    keys: action.keys,
    hash: action.hash,
    conflictMessage: action.conflictMessage,
    act: async (lock) => {
      const current = await reloadSession(lock.trx, session.id)
      guardOpenSession(current)
      return action.act(lock, current)
    },
  })
}

/**
 * The skeleton of a cancel session's billing action (accept, cancel, statutory): the request read
 * (readCancelSessionAction), `prepare` doing what comes before the lock (checks, reads of Stripe or the
 * database) and returning the act, the act run once under the customer's lock (runSessionAction).
 * The caller answers the result under its own contract.
 */
export async function runCancelSessionAction<S extends z.ZodType, T>(
  deps: AppDeps,
  c: WidgetContext,
  spec: {
    action: 'accept' | 'cancel' | 'statutory'
    schema: S
    wrongKind: string
    conflictMessage: string
    prepare: (read: CancelSessionAction<z.output<S>>) => Promise<SessionAct<T>>
  },
): Promise<ActionResult<T>> {
  const read = await readCancelSessionAction(deps, c, spec.action, spec.schema, spec.wrongKind)
  const act = await spec.prepare(read)
  return runSessionAction(deps, read.session, {
    keys: read.keys,
    hash: read.hash,
    conflictMessage: spec.conflictMessage,
    act,
  })
}
