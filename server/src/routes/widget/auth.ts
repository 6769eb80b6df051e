import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { loadPublishedConfig, type PublishedWidgetConfig } from '../../services/widget/published-config'
import {
  type Subscriber,
  subscriberTokenFrom,
  unverifiedClaims,
  verifySubscriberToken,
} from '../../services/widget/subscriber-token'
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
    subscriber = await verifySubscriberToken(deps, subscriberTokenFrom(c.req.header('authorization')))
  } catch (error) {
    await corsForFailedToken(deps, c)
    throw error
  }
  const account = await loadPublishedConfig(deps, subscriber.accountId)
  if (!account) throw new HttpError('UNAUTHORIZED', 'Subscriber token names an unknown account')
  allowOrigin(c, account.domain, subscriber.mode === 'test')
  return { subscriber, account }
}

async function corsForFailedToken(deps: AppDeps, c: WidgetContext): Promise<void> {
  const origin = c.req.header('origin')
  const header = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  if (!origin || !header) return
  const claims = unverifiedClaims(header)
  if (!claims.iss) return
  const account = await loadPublishedConfig(deps, claims.iss).catch(() => null)
  if (account) allowOriginForError(c, account.domain, claims.mode === 'test')
}
