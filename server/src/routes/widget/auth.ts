import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { requestHeader } from '../../http/node-request'
import { isOriginAllowed } from '../../services/widget/origins'
import { loadPublishedConfig, type PublishedWidgetConfig } from '../../services/widget/published-config'
import {
  type Subscriber,
  subscriberTokenFrom,
  unverifiedClaims,
  verifySubscriberToken,
} from '../../services/widget/subscriber-token'
import { recordWidgetErrorInBackground } from '../../services/widget/widget-errors'
import { allowOrigin, allowOriginForError, type WidgetContext } from './cors'

export interface WidgetCaller {
  subscriber: Subscriber
  /** The account's published config, tier and domain (cached). */
  account: PublishedWidgetConfig
}

/**
 * Every widget call but the config read: verify the subscriber token, load the account it names,
 * then hold the request's origin to that account's CORS rule (403 for a disallowed origin before
 * anything changes). On a token failure the answer still carries CORS headers when the claimed
 * account allows the origin, so the widget can tell "expired" from "broken".
 */
export async function authenticateWidgetCall(deps: AppDeps, c: WidgetContext): Promise<WidgetCaller> {
  let subscriber: Subscriber
  try {
    subscriber = await verifySubscriberToken(deps, subscriberTokenFrom(requestHeader(c, 'authorization')))
  } catch (error) {
    await answerFailedToken(deps, c, error)
    throw error
  }
  const account = await loadPublishedConfig(deps, subscriber.accountId)
  if (!account) throw new HttpError('UNAUTHORIZED', 'Subscriber token names an unknown account')
  try {
    allowOrigin(c, account.domain, subscriber.mode === 'test')
  } catch (error) {
    const origin = requestHeader(c, 'origin') ?? ''
    recordWidgetErrorInBackground(
      deps,
      subscriber.accountId,
      refusedOriginKind(origin, account.domain, subscriber.mode === 'test'),
      origin,
    )
    throw error
  }
  return { subscriber, account }
}

/**
 * An origin refused for the token's mode that the other mode would allow is a mode mistake (a live
 * token on localhost, say); anything else is an origin the account does not allow at all.
 */
export function refusedOriginKind(
  origin: string,
  domain: string | null,
  testMode: boolean,
): 'wrong_mode' | 'refused_origin' {
  return isOriginAllowed(origin, domain, !testMode) ? 'wrong_mode' : 'refused_origin'
}

/**
 * A refused token that names a real account: recorded for that account's Install page (expired, or
 * anything else — a bad signature, a malformed claim — as a token the server cannot trust, with the
 * server's reason), and answered with CORS headers when the account allows the origin.
 */
async function answerFailedToken(deps: AppDeps, c: WidgetContext, error: unknown): Promise<void> {
  const header = /^Bearer\s+(\S+)$/i.exec(requestHeader(c, 'authorization') ?? '')?.[1]
  if (!header) return
  const claims = unverifiedClaims(header)
  if (!claims.iss) return
  const account = await loadPublishedConfig(deps, claims.iss).catch(() => null)
  if (!account) return
  const expired = error instanceof HttpError && error.code === 'TOKEN_EXPIRED'
  recordWidgetErrorInBackground(
    deps,
    claims.iss,
    expired ? 'expired_token' : 'forged_token',
    expired || !(error instanceof HttpError) ? '' : error.message,
  )
  if (requestHeader(c, 'origin') !== undefined) allowOriginForError(c, account.domain, claims.mode === 'test')
}
