/**
 * The console's public settings, read at startup from GET /runtime-config.json so one build
 * serves every deployment, and the startup environment check.
 */
export interface RuntimeConfig {
  /** The auth service (a Supabase project, or this server's embedded /auth/v1). */
  backendUrl: string
  /** Where /api/* lives. */
  apiBaseUrl: string
  /** The public anon key supabase-js sends to the auth service. */
  anonKey: string
  /** The public API key sent as `x-api-key` on every /api call. */
  apiKey: string
  /** The Stripe OAuth return point (/stripe/callback on this site). */
  stripeRedirectUrl: string
  /** True when the server itself serves /auth/v1. */
  embeddedAuth: boolean
  /** True when sign-in mails land in the development outbox (/auth/v1/dev/outbox). */
  devOutbox: boolean
  /** True when the server can run the Stripe Connect OAuth flow. */
  stripeConnect: boolean
  stripeClientId: string | null
  /** Where the Billing link of the account menu points; a card-billing portal is not part of this build. */
  billingPortalUrl: string | null
  /**
   * PUBLIC_URL when the operator set it: a console opened at another origin moves over to it (its
   * sign-in, redirects and API calls belong there). Null on the embedded default, whose settings follow
   * the origin the console was loaded from.
   */
  siteUrl: string | null
}

export const RUNTIME_CONFIG_PATH = '/runtime-config.json'

/** The settings the startup check reads, and what each must satisfy. */
export const URL_SETTINGS = ['backendUrl', 'apiBaseUrl', 'stripeRedirectUrl'] as const
export const KEY_SETTINGS = ['anonKey', 'apiKey'] as const
export const MIN_KEY_LENGTH = 20

export type CheckedSetting = (typeof URL_SETTINGS)[number] | (typeof KEY_SETTINGS)[number]

/** One failed rule. Names only: values can be keys, and the screen that lists these is public. */
export interface ConfigProblem {
  setting: CheckedSetting | 'runtime-config.json'
  rule: string
}

export type RuntimeConfigResult =
  | { ok: true; config: RuntimeConfig }
  | { ok: false; problems: ConfigProblem[] }

function stringOf(record: Record<string, unknown>, key: string): string {
  const value = record[key]
  return typeof value === 'string' ? value : ''
}

/**
 * The backend-service URL, the API base URL and the payment-provider
 * redirect URL must start with http; the anon key and API key must be at least 20 characters.
 */
export function checkRuntimeConfig(raw: unknown): RuntimeConfigResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ setting: 'runtime-config.json', rule: 'must be a JSON object' }] }
  }
  const record = raw as Record<string, unknown>
  const problems: ConfigProblem[] = []
  for (const setting of URL_SETTINGS) {
    if (!stringOf(record, setting).startsWith('http'))
      problems.push({ setting, rule: 'must start with http' })
  }
  for (const setting of KEY_SETTINGS) {
    if (stringOf(record, setting).length < MIN_KEY_LENGTH) {
      problems.push({ setting, rule: `must be at least ${MIN_KEY_LENGTH} characters` })
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  const billingPortalUrl = stringOf(record, 'billingPortalUrl')
  const stripeClientId = stringOf(record, 'stripeClientId')
  return {
    ok: true,
    config: {
      // Trailing slashes would double up when paths are appended.
      backendUrl: stringOf(record, 'backendUrl').replace(/\/+$/, ''),
      apiBaseUrl: stringOf(record, 'apiBaseUrl').replace(/\/+$/, ''),
      anonKey: stringOf(record, 'anonKey'),
      apiKey: stringOf(record, 'apiKey'),
      stripeRedirectUrl: stringOf(record, 'stripeRedirectUrl'),
      embeddedAuth: record.embeddedAuth === true,
      devOutbox: record.devOutbox === true,
      stripeConnect: record.stripeConnect === true,
      stripeClientId: stripeClientId === '' ? null : stripeClientId,
      billingPortalUrl: isSafeLinkTarget(billingPortalUrl) ? billingPortalUrl : null,
      siteUrl: /^https?:\/\//i.test(stringOf(record, 'siteUrl')) ? stringOf(record, 'siteUrl') : null,
    },
  }
}

/**
 * This page's address on PUBLIC_URL's origin when the console was opened at another one (say
 * http://127.0.0.1:8787 while PUBLIC_URL is http://localhost:8787); null when it is where it belongs.
 * Decided in the browser, which knows the origin it used: behind a proxy the server sees another Host.
 */
export function siteAddressFor(
  config: Pick<RuntimeConfig, 'siteUrl'>,
  location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>,
): string | null {
  if (!config.siteUrl) return null
  const site = new URL(config.siteUrl)
  if (site.origin === location.origin) return null
  return `${site.origin}${location.pathname}${location.search}${location.hash}`
}

/** Same-site paths and http(s) URLs only: a configured link must never become `javascript:`. */
function isSafeLinkTarget(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))
}

/** Fetches and checks the runtime config; an unreachable or malformed file is a configuration error too. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfigResult> {
  let response: Response
  try {
    response = await fetchImpl(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } })
  } catch {
    return { ok: false, problems: [{ setting: 'runtime-config.json', rule: 'could not be loaded' }] }
  }
  if (!response.ok) {
    return {
      ok: false,
      problems: [{ setting: 'runtime-config.json', rule: `could not be loaded (HTTP ${response.status})` }],
    }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { ok: false, problems: [{ setting: 'runtime-config.json', rule: 'is not valid JSON' }] }
  }
  return checkRuntimeConfig(body)
}
