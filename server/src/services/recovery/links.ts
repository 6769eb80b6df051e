import type { LinkChannel } from '@retainkit/shared/recovery'
import type { AppDeps } from '../../deps'
import { signLink, verifyLink } from '../signed-links'

/**
 * The no-login card-update link: a signed, expiring token naming exactly one subscriber of one
 * merchant (account, Stripe customer, mode), the invoice it is about when there is one, and where it
 * was handed out (the e-mails, or the on-site prompt). Only ids: it is signed, not encrypted. The page
 * it opens (routes/recovery-page.ts) re-checks everything against the server's records.
 */

export const CARD_UPDATE_PURPOSE = 'card-update'
const DAY_MS = 86_400_000

export interface CardUpdateClaims {
  accountId: string
  customerId: string
  mode: 'live' | 'test'
  invoiceId: string | null
  channel: LinkChannel
  /** The language the prompt spoke, for the page it opens (the token's claim); absent: guessed there. */
  locale?: string | null
}

export function cardUpdateToken(
  deps: Pick<AppDeps, 'secrets'>,
  claims: CardUpdateClaims,
  expiresAt: Date,
): string {
  return signLink(
    deps.secrets,
    CARD_UPDATE_PURPOSE,
    {
      a: claims.accountId,
      c: claims.customerId,
      m: claims.mode,
      i: claims.invoiceId,
      ch: claims.channel,
      ...(claims.locale ? { l: claims.locale } : {}),
    },
    expiresAt,
  )
}

export const cardUpdatePath = (token: string): string => `/update-payment/${token}`

export function cardUpdateUrl(
  deps: Pick<AppDeps, 'secrets' | 'config'>,
  claims: CardUpdateClaims,
  expiresAt: Date,
): string {
  return `${deps.config.publicUrl}${cardUpdatePath(cardUpdateToken(deps, claims, expiresAt))}`
}

/** The claims of a link this server signed and that has not expired; throws SignedLinkError otherwise. */
export function readCardUpdateToken(
  deps: Pick<AppDeps, 'secrets'>,
  token: string,
  now: Date,
): CardUpdateClaims {
  const data = verifyLink(deps.secrets, CARD_UPDATE_PURPOSE, token, now)
  const str = (value: unknown) => (typeof value === 'string' ? value : null)
  const mode = data.m === 'live' ? 'live' : 'test'
  const channel = data.ch === 'banner' ? 'banner' : 'email'
  const accountId = str(data.a)
  const customerId = str(data.c)
  if (!accountId || !customerId) throw new Error('a signed card-update link without its subscriber')
  return { accountId, customerId, mode, invoiceId: str(data.i), channel, locale: str(data.l) }
}

/**
 * How long a mail's link works: until a few days after the campaign's end (the page then says what
 * happened), at least three days, at most 45.
 */
export function linkExpiry(now: Date, endsAt: Date | null): Date {
  const wanted = endsAt ? endsAt.getTime() + 3 * DAY_MS : now.getTime() + 14 * DAY_MS
  return new Date(Math.min(Math.max(wanted, now.getTime() + 3 * DAY_MS), now.getTime() + 45 * DAY_MS))
}

export const daysUntil = (now: Date, at: Date): number =>
  Math.max(1, Math.round((at.getTime() - now.getTime()) / DAY_MS))
