import { createHmac } from 'node:crypto'

/**
 * For merchants' servers (Node only, no dependencies): mints the short-lived subscriber token the widget
 * sends to Retainkit, an HS256 JWT signed with one of the account's widget secrets (`rkws_…`, created in
 * the console). Claims: iss = Retainkit account id, sub = Stripe customer id, sid = subscription id
 * (optional), mode, handles (what your own handleOffer/handleCancel do), country and state (where the
 * subscriber lives, for offer rules by jurisdiction), iat, exp. Mint it per page view on the server;
 * never ship the secret to a browser. Everything that decides money or mode comes from these signed
 * claims, never from the widget's requests.
 */

/** The server refuses tokens that live longer than an hour. */
export const SUBSCRIBER_TOKEN_MAX_TTL_SECONDS = 3600
export const SUBSCRIBER_TOKEN_DEFAULT_TTL_SECONDS = 900
/** Test-mode widget secrets start with this; they sign test-mode tokens only. */
export const TEST_WIDGET_SECRET_PREFIX = 'rkws_test_'

export type SubscriberTokenMode = 'live' | 'test'
export type MerchantHandledAction = 'offers' | 'cancel'

export interface CreateSubscriberTokenOptions {
  accountId: string
  /** Stripe customer id (`cus_…`). */
  customerId: string
  /** Stripe subscription id (`sub_…`) when the customer has several. */
  subscriptionId?: string
  /**
   * 'test' for a test site (localhost, staging: the test-mode snippet). A test-mode secret
   * (`rkws_test_…`) always makes test-mode tokens; leave this out with it.
   */
  mode?: SubscriberTokenMode
  /**
   * Billing actions your own widget handlers perform: 'offers' with `handleOffer`, 'cancel' with
   * `handleCancel`. Without the claim Retainkit refuses to record what a handler did (403).
   */
  handles?: ReadonlyArray<MerchantHandledAction>
  /** The subscriber's country, ISO 3166-1 alpha-2 (`US`): checked before the Stripe address. */
  country?: string
  /** The subscriber's state or region (`MN` or `Minnesota`); needs `country`. */
  state?: string
  /**
   * The subscriber's language (`fr`, `pt-BR`): the widget speaks it when the account offers it, before
   * the `locale` option of attach and the browser's languages.
   */
  locale?: string
  /**
   * Custom attributes your segments test (`custom.<name>`): up to 30 lowercase names (a-z, 0-9, _) to
   * strings (≤ 200 characters), finite numbers or booleans, e.g. `{ seats: 40, plan_family: 'team' }`.
   */
  attributes?: Readonly<Record<string, string | number | boolean>>
  /** The widget secret (`rkws_…`). */
  secret: string
  /** Lifetime in seconds, 1–3600; default 900 (15 minutes). */
  ttlSeconds?: number
  /** Issue time (tests). Default: now. */
  now?: Date
}

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url')

function checkOptions(options: CreateSubscriberTokenOptions, ttlSeconds: number): void {
  const { accountId, customerId, secret, mode, handles, country, state, locale } = options
  if (!accountId) throw new TypeError('accountId is required')
  if (!customerId) throw new TypeError('customerId is required')
  if (!secret) throw new TypeError('secret is required')
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > SUBSCRIBER_TOKEN_MAX_TTL_SECONDS) {
    throw new RangeError(`ttlSeconds must be a whole number from 1 to ${SUBSCRIBER_TOKEN_MAX_TTL_SECONDS}`)
  }
  if (mode !== undefined && mode !== 'live' && mode !== 'test')
    throw new TypeError("mode must be 'live' or 'test'")
  // The server would refuse such a token on every call: say so where the mistake is made.
  if (mode === 'live' && secret.startsWith(TEST_WIDGET_SECRET_PREFIX)) {
    throw new TypeError("mode 'live' needs a live widget secret: a test-mode secret signs test-mode tokens")
  }
  if (handles !== undefined && !handles.every((entry) => entry === 'offers' || entry === 'cancel')) {
    throw new TypeError("handles lists 'offers' and/or 'cancel'")
  }
  if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) {
    throw new TypeError('country must be an ISO 3166-1 alpha-2 code such as US')
  }
  if (state !== undefined && (country === undefined || state.trim() === '' || state.length > 64)) {
    throw new TypeError('state must be 1-64 characters, with a country')
  }
  if (locale !== undefined && !LOCALE_TAG.test(locale)) {
    throw new TypeError('locale must be a language tag such as fr or pt-BR')
  }
  if (options.attributes !== undefined) checkAttributes(options.attributes)
}

function checkAttributes(attributes: Readonly<Record<string, unknown>>): void {
  const entries = Object.entries(attributes)
  const typed = (value: unknown) =>
    (typeof value === 'string' && value.length <= 200) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  if (
    entries.length > 30 ||
    !entries.every(([name, value]) => /^[a-z][a-z0-9_]{0,39}$/.test(name) && typed(value))
  ) {
    throw new TypeError(
      'attributes holds at most 30 lowercase names (a-z, 0-9, _) to strings of ≤ 200 characters, finite numbers or booleans',
    )
  }
}

/** A language tag as the server accepts it in the claim (language, then up to two subtags). */
const LOCALE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/

/** The subscriber token: `header.payload.signature`, HMAC-SHA256 keyed with the whole secret string. */
export function createSubscriberToken(options: CreateSubscriberTokenOptions): string {
  const { accountId, customerId, subscriptionId, mode, handles, country, state, locale, secret } = options
  const ttlSeconds = options.ttlSeconds ?? SUBSCRIBER_TOKEN_DEFAULT_TTL_SECONDS
  checkOptions(options, ttlSeconds)
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const claims = {
    iss: accountId,
    sub: customerId,
    ...(subscriptionId ? { sid: subscriptionId } : {}),
    ...(mode ? { mode } : {}),
    ...(handles?.length ? { handles: [...new Set(handles)] } : {}),
    ...(country ? { country: country.toUpperCase() } : {}),
    ...(state ? { state } : {}),
    ...(locale ? { locale } : {}),
    ...(options.attributes && Object.keys(options.attributes).length > 0
      ? { attributes: { ...options.attributes } }
      : {}),
    iat,
    exp: iat + ttlSeconds,
  }
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url')
  return `${signingInput}.${signature}`
}
