import type { z } from 'zod'
import type { CancelSession } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { readBody } from '../../http/validate'
import {
  type ActionResult,
  actionKeys,
  type IdempotentAction,
  idempotencyHeader,
  requestHash,
  runIdempotent,
} from '../../services/widget/idempotency'
import { loadSessionFor } from '../../services/widget/session-store'
import { authenticateWidgetCall, type WidgetCaller } from './auth'
import { noStore } from './body'
import type { WidgetContext } from './cors'

/** What the billing actions on a session (accept, cancel, reactivation accept) have in common. */

/** Once a session saved or canceled the subscription, it takes no other billing action. */
export function guardOpenSession(session: CancelSession): void {
  if (session.status === 'saved') {
    throw new HttpError('CONSTRAINT_VIOLATION', 'An offer was already accepted in this session.')
  }
  if (session.status === 'canceled') {
    throw new HttpError('CONSTRAINT_VIOLATION', 'This subscription was already canceled in this session.')
  }
}

export interface CancelSessionAction<Body> {
  caller: WidgetCaller
  session: CancelSession
  body: Body
  /** The request's hash, and the keys its answer is stored under. */
  hash: string
  keys: string[]
}

/**
 * Reads `POST /api/widget/sessions/:id/<action>` up to the action itself: the caller, their session,
 * the body and the Idempotency-Key, in that order (a bad token is a 401 before the session or body is
 * looked at); only cancel sessions take these actions, `wrongKind` says so otherwise.
 */
export async function readCancelSessionAction<S extends z.ZodType>(
  deps: AppDeps,
  c: WidgetContext,
  action: 'accept' | 'cancel',
  schema: S,
  wrongKind: string,
): Promise<CancelSessionAction<z.output<S>>> {
  const caller = await authenticateWidgetCall(deps, c)
  const session = await loadSessionFor(deps.db, c.req.param('id') ?? '', caller.subscriber)
  const body = await readBody(c, schema)
  const header = idempotencyHeader(c.req.header('idempotency-key'))
  noStore(c)
  if (session.kind !== 'cancel') throw new HttpError('INVALID_INPUT', wrongKind)
  const hash = requestHash(action, body)
  return { caller, session, body, hash, keys: actionKeys(`${action}:${session.id}`, header) }
}

/** Runs a billing action on `session` at most once (idempotency.ts), and never after the session ended. */
export function runSessionAction<T>(
  deps: AppDeps,
  session: CancelSession,
  action: Omit<IdempotentAction<T>, 'accountId' | 'guard'>,
): Promise<ActionResult<T>> {
  return runIdempotent(deps, {
    ...action,
    accountId: session.account_id,
    guard: () => guardOpenSession(session),
  })
}
