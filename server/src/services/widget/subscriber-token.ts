import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto'
import { CUSTOM_ATTRIBUTE_NAME } from '@retainkit/shared/segment-match'
import {
  type MerchantHandled,
  SUBSCRIBER_TOKEN_MAX_TTL_SECONDS,
  type SubscriberTokenClaims,
  type WidgetMode,
} from '@retainkit/shared/widget-api'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { loadPublishedConfig } from './published-config'
import { type ActiveWidgetSecret, activeWidgetSecrets, touchWidgetSecret } from './widget-secrets'

/**
 * Subscriber tokens: the merchant's server mints an HS256 JWT signed with one of the
 * account's active widget secrets (the HMAC key is the whole secret string, `rkws_…`, as UTF-8 bytes).
 * Claims: iss = account id, sub = Stripe customer id, optional sid = subscription id, optional mode,
 * optional handles (what the merchant's own handlers do), optional country and state (jurisdiction),
 * iat, exp (at most SUBSCRIBER_TOKEN_MAX_TTL_SECONDS after iat).
 *
 * Everything the server decides about money and mode comes from here, never from a request body: a
 * token verified by a test-mode secret is a test-mode token whatever it claims, and may not claim
 * 'live' at all; a live secret's token is live unless it says `mode: 'test'`.
 */
export interface Subscriber {
  accountId: string
  customerId: string
  subscriptionId: string | null
  mode: WidgetMode
  /** Billing actions the merchant's handlers perform, as signed by the merchant. */
  handles: readonly MerchantHandled[]
  /** Where the merchant says the subscriber lives; null when the token says nothing. */
  jurisdiction: { country: string; state: string | null } | null
  /** A digest of the token itself: rate limits per token key on it. */
  tokenId: string
  /** The subscriber's language as the token claims it (the server words the terms of a charge in it). */
  locale: string | null
  /** The merchant's custom attributes (`attributes` claim), which segments may test. */
  attributes: CustomAttributes
}

/** Merchants' clocks drift; a token "issued" a little in the future is still accepted. */
export const MAX_IAT_SKEW_SECONDS = 60
const MAX_TOKEN_LENGTH = 4096
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,100}$/
export const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/
export const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,250}$/

const unauthorized = (message: string) => new HttpError('UNAUTHORIZED', message)

/** The `Authorization: Bearer <token>` of a widget call. */
export function subscriberTokenFrom(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  if (!match?.[1])
    throw unauthorized('Missing subscriber token: send it in the Authorization header as a bearer token')
  if (match[1].length > MAX_TOKEN_LENGTH) throw unauthorized('Malformed subscriber token')
  return match[1]
}

/**
 * The claims as written, WITHOUT verification: only for choosing CORS headers on an error answer
 * (public information), never for authorising anything.
 */
export function unverifiedClaims(token: string): { iss: string | null; mode: WidgetMode } {
  try {
    const claims = decodeJwt(token)
    return {
      iss: typeof claims.iss === 'string' && ACCOUNT_ID.test(claims.iss) ? claims.iss : null,
      mode: claims.mode === 'test' ? 'test' : 'live',
    }
  } catch {
    return { iss: null, mode: 'live' }
  }
}

const HANDLED: readonly MerchantHandled[] = ['offers', 'cancel']
const COUNTRY = /^[A-Za-z]{2}$/
const MAX_STATE_LENGTH = 64
const LOCALE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/

function checkJurisdiction(country: unknown, state: unknown): void {
  if (country !== undefined && (typeof country !== 'string' || !COUNTRY.test(country))) {
    throw unauthorized('Subscriber token claim country must be an ISO 3166-1 alpha-2 code such as US')
  }
  if (state === undefined) return
  if (typeof state !== 'string' || state.trim() === '' || state.length > MAX_STATE_LENGTH) {
    throw unauthorized(`Subscriber token claim state must be 1-${MAX_STATE_LENGTH} characters`)
  }
  if (country === undefined) throw unauthorized('Subscriber token claim state needs a country claim')
}

function checkHandles(handles: unknown): void {
  if (handles === undefined) return
  if (
    !Array.isArray(handles) ||
    handles.length > HANDLED.length ||
    !handles.every((entry) => HANDLED.includes(entry as MerchantHandled))
  ) {
    throw unauthorized("Subscriber token claim handles must list 'offers' and/or 'cancel'")
  }
}

export type CustomAttributes = Readonly<Record<string, string | number | boolean>>
const MAX_ATTRIBUTES = 30

/** `attributes`: a flat object of up to 30 named strings (≤ 200 characters), finite numbers or booleans. */
function checkAttributes(attributes: unknown): CustomAttributes {
  if (attributes === undefined) return {}
  const refuse = () =>
    unauthorized(
      `Subscriber token claim attributes must be an object of at most ${MAX_ATTRIBUTES} lowercase names (a-z, 0-9, _) to strings, numbers or booleans`,
    )
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) throw refuse()
  const entries = Object.entries(attributes)
  if (entries.length > MAX_ATTRIBUTES) throw refuse()
  for (const [name, value] of entries) {
    const typed =
      (typeof value === 'string' && value.length <= 200) ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean'
    if (!CUSTOM_ATTRIBUTE_NAME.test(name) || !typed) throw refuse()
  }
  return Object.fromEntries(entries) as CustomAttributes
}

function checkClaims(payload: Record<string, unknown>, nowSeconds: number): SubscriberTokenClaims {
  const { iss, sub, sid, mode, iat, exp, handles, country, state, locale, attributes } = payload
  if (typeof sub !== 'string' || !CUSTOMER_ID.test(sub)) {
    throw unauthorized('Subscriber token claim sub must be a Stripe customer id (cus_…)')
  }
  if (sid !== undefined && (typeof sid !== 'string' || !SUBSCRIPTION_ID.test(sid))) {
    throw unauthorized('Subscriber token claim sid must be a Stripe subscription id (sub_…)')
  }
  if (mode !== undefined && mode !== 'live' && mode !== 'test') {
    throw unauthorized("Subscriber token claim mode must be 'live' or 'test'")
  }
  if (typeof iat !== 'number' || typeof exp !== 'number') {
    throw unauthorized('Subscriber token must carry numeric iat and exp claims')
  }
  if (exp - iat > SUBSCRIBER_TOKEN_MAX_TTL_SECONDS) {
    throw unauthorized(
      `Subscriber token lifetime too long: exp must be at most ${SUBSCRIBER_TOKEN_MAX_TTL_SECONDS} seconds after iat`,
    )
  }
  if (exp <= iat) throw unauthorized('Subscriber token claim exp must be after iat')
  if (iat > nowSeconds + MAX_IAT_SKEW_SECONDS)
    throw unauthorized('Subscriber token claim iat is in the future')
  checkHandles(handles)
  checkJurisdiction(country, state)
  // The widget reads it to choose its words; a malformed one is the merchant's mistake, said here.
  if (locale !== undefined && (typeof locale !== 'string' || !LOCALE_TAG.test(locale))) {
    throw unauthorized('Subscriber token claim locale must be a language tag such as fr or pt-BR')
  }
  const custom = checkAttributes(attributes)
  return {
    iss: iss as string,
    sub,
    ...(typeof sid === 'string' ? { sid } : {}),
    ...(mode ? { mode: mode as WidgetMode } : {}),
    ...(handles ? { handles: handles as MerchantHandled[] } : {}),
    ...(typeof country === 'string' ? { country: country.toUpperCase() } : {}),
    ...(typeof state === 'string' ? { state: state.trim() } : {}),
    ...(typeof locale === 'string' ? { locale } : {}),
    ...(attributes === undefined ? {} : { attributes: custom }),
    iat,
    exp,
  }
}

/** The mode a verified token acts in: a test secret's tokens are test mode and cannot claim 'live'. */
function tokenMode(claimed: WidgetMode | undefined, secretMode: WidgetMode): WidgetMode {
  if (secretMode === 'live') return claimed ?? 'live'
  if (claimed === 'live') {
    throw unauthorized(
      'A test-mode widget secret signs test-mode tokens only: leave out mode, or sign with a live secret',
    )
  }
  return 'test'
}

/**
 * Verifies a subscriber token against the active secrets of the account it names. Signature first
 * (so an expired forgery is "invalid", not "expired"), then expiry (401 TOKEN_EXPIRED), then claims.
 *
 * A widget sends the same token with every call of a session: a token verified against the account's
 * secrets as cached now is not verified again while that cached entry lives (at most the config's
 * minute, and not past any change to the account's secrets, which drops the entry): only its expiry,
 * the one check whose answer changes with time, is made again.
 */
export async function verifySubscriberToken(deps: AppDeps, token: string): Promise<Subscriber> {
  const tokenId = createHash('sha256').update(token).digest('base64url').slice(0, 32)
  const verified = verifiedTokensOf(deps)
  const known = verified.get(tokenId)
  if (known) {
    const nowMs = deps.clock.now().getTime()
    if (deps.widgetConfigCache.get(known.subscriber.accountId, nowMs) === known.entry) {
      if (known.exp <= Math.floor(nowMs / 1000)) throw new HttpError('TOKEN_EXPIRED')
      await touchWidgetSecret(deps, known.secretId)
      return { ...known.subscriber }
    }
    verified.delete(tokenId)
  }
  let header: Record<string, unknown>
  let payload: Record<string, unknown>
  try {
    // Decoded without verification (jose), only to pick the algorithm and the account's secrets.
    header = decodeProtectedHeader(token) as Record<string, unknown>
    payload = decodeJwt(token) as Record<string, unknown>
  } catch {
    throw unauthorized('Malformed subscriber token')
  }
  // Checked before any key is touched: `none`, RS256/ES256 (key confusion) and friends never verify.
  if (header.alg !== 'HS256') throw unauthorized('Subscriber tokens must be signed with HS256')
  // No header extension is understood here, so none may be critical (RFC 7515, 4.1.11).
  if (header.crit !== undefined) throw unauthorized('Malformed subscriber token')
  const issuer = payload.iss
  if (typeof issuer !== 'string' || !ACCOUNT_ID.test(issuer)) {
    throw unauthorized('Subscriber token claim iss must be your Retainkit account id')
  }
  const { secrets, entry } = await activeSecretsOf(deps, issuer)
  if (secrets.length === 0) {
    throw unauthorized('Subscriber token signature is invalid (no active widget secret for this account)')
  }
  // Signature first (an expired forgery is "invalid", not "expired"), then the times, then the claims.
  const secret = secrets.find((candidate) => signatureMatches(token, candidate))
  if (!secret) throw unauthorized('Subscriber token signature is invalid')
  const now = deps.clock.now()
  const nowSeconds = Math.floor(now.getTime() / 1000)
  checkTimes(payload, nowSeconds)
  const claims = checkClaims(payload, nowSeconds)
  const mode = tokenMode(claims.mode, secret.mode)
  await touchWidgetSecret(deps, secret.id)
  const subscriber: Subscriber = {
    accountId: claims.iss,
    customerId: claims.sub,
    subscriptionId: claims.sid ?? null,
    mode,
    handles: [...new Set(claims.handles ?? [])],
    jurisdiction: claims.country ? { country: claims.country, state: claims.state ?? null } : null,
    tokenId,
    locale: claims.locale ?? null,
    attributes: claims.attributes ?? {},
  }
  if (entry)
    rememberVerified(deps, verified, tokenId, { subscriber, exp: claims.exp, secretId: secret.id, entry })
  return { ...subscriber }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/**
 * HS256 (RFC 7515): the HMAC-SHA256, under the secret, of the token's first two segments as sent,
 * equals its signature, compared in constant time. Computed here with node:crypto rather than by jose
 * through WebCrypto, whose every verification is an asynchronous job on the thread pool (measured at
 * several times the cost of the hash itself, and the bulk of a first call's CPU under load). The
 * signature must be canonical base64url (re-encoding gives it back): a token cannot be varied into
 * another string that still verifies, so a token's digest (its rate-limit key) is the token's.
 */
function signatureMatches(token: string, secret: ActiveWidgetSecret): boolean {
  const end = token.lastIndexOf('.')
  const signature = token.slice(end + 1)
  if (!BASE64URL.test(signature)) return false
  const given = Buffer.from(signature, 'base64url')
  if (given.toString('base64url') !== signature) return false
  const expected = createHmac('sha256', hmacKey(secret)).update(token.slice(0, end)).digest()
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The registered time claims, after the signature and as jose checks them: iat, nbf and exp are numbers
 * when present, nbf is not in the future, and exp is not reached (401 TOKEN_EXPIRED).
 */
function checkTimes(payload: Record<string, unknown>, nowSeconds: number): void {
  for (const claim of ['iat', 'nbf', 'exp'] as const) {
    if (payload[claim] !== undefined && typeof payload[claim] !== 'number') {
      throw unauthorized(`Subscriber token claim ${claim} is invalid`)
    }
  }
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) {
    throw unauthorized('Subscriber token claim nbf is invalid')
  }
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) throw new HttpError('TOKEN_EXPIRED')
}

/** A token that verified, and the cached config entry (so the secrets) it verified against. */
interface VerifiedToken {
  subscriber: Subscriber
  exp: number
  secretId: string
  entry: object
}

/** Verified tokens remembered per instance: about a minute of distinct tokens (entries expire with it). */
export const VERIFIED_TOKENS_KEPT = 20_000
const verifiedTokens = new WeakMap<object, Map<string, VerifiedToken>>()

function verifiedTokensOf(deps: AppDeps): Map<string, VerifiedToken> {
  let map = verifiedTokens.get(deps.widgetConfigCache)
  if (!map) {
    map = new Map()
    verifiedTokens.set(deps.widgetConfigCache, map)
  }
  return map
}

/** How many verified tokens this process remembers for `deps` (tests check it stays bounded). */
export function verifiedTokenCount(deps: AppDeps): number {
  return verifiedTokens.get(deps.widgetConfigCache)?.size ?? 0
}

/**
 * Remembers a verified token, and forgets the oldest ones that can no longer be used: those verified
 * against a cached config entry that has since expired or been replaced (they are verified again on
 * their next use). Tokens are kept in the order they were verified, so the dead ones are at the front;
 * the count limit only matters for a flood within one config lifetime. Without this sweep every token
 * stayed until 20,000 newer ones pushed it out: a soak's memory grew with each visit for over an hour.
 */
function rememberVerified(
  deps: AppDeps,
  map: Map<string, VerifiedToken>,
  tokenId: string,
  token: VerifiedToken,
): void {
  map.set(tokenId, token)
  const nowMs = deps.clock.now().getTime()
  for (const [oldestId, oldest] of map) {
    const current = deps.widgetConfigCache.get(oldest.subscriber.accountId, nowMs) === oldest.entry
    if (current && map.size <= VERIFIED_TOKENS_KEPT) break
    map.delete(oldestId)
  }
}

/** Each secret's HMAC key, made once per cached secret. */
const keys = new WeakMap<ActiveWidgetSecret, KeyObject>()

function hmacKey(secret: ActiveWidgetSecret): KeyObject {
  let key = keys.get(secret)
  if (!key) {
    key = createSecretKey(Buffer.from(secret.secret, 'utf8'))
    keys.set(secret, key)
  }
  return key
}

/**
 * The issuer's active secrets, from its published config (loaded with it, cached with it, dropped with
 * it when a secret is created or revoked: no database read, no decryption per token), with that cached
 * entry. A config served stale while the database is out of reach (or an entry cached without them)
 * does not vouch for them: they are read, which fails as the database does, and no entry is returned.
 */
async function activeSecretsOf(
  deps: AppDeps,
  accountId: string,
): Promise<{ secrets: readonly ActiveWidgetSecret[]; entry: object | null }> {
  const entry = await loadPublishedConfig(deps, accountId)
  if (!entry) return { secrets: [], entry: null }
  if (entry.secrets && entry.expiresAt > deps.clock.now().getTime()) return { secrets: entry.secrets, entry }
  const secrets = await activeWidgetSecrets(
    deps.db,
    (ciphertext) => deps.secrets.decrypt(ciphertext),
    accountId,
  )
  return { secrets, entry: null }
}
