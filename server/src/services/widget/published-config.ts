import { createHash } from 'node:crypto'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { planFlow, shownReasons } from '@retainkit/shared/flow'
import { publishLocales } from '@retainkit/shared/i18n'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from '@retainkit/shared/schemas'
import { cssVariablesToText, themeToCssVariables } from '@retainkit/shared/theme'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { toPublishedConfig, type WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { DatabaseUnavailableError } from '../../db/errors'
import type { AppDeps } from '../../deps'
import { effectiveTier, loadTierRecords } from '../billing/tier'
import type { CachedWidgetConfig } from '../config-cache'
import { hasRouting } from '../segments/store'
import { activeWidgetSecrets } from './widget-secrets'

/**
 * What `GET /api/widget/config/:accountId` serves: the account's published config (its highest
 * version, or the default with version 0), the enabled reasons in display order (shared
 * `shownReasons`: `copy.cancel_reasons` orders and selects when set), the theme as ready CSS
 * (`themeCss`: the contrast maths runs here once per version instead of in every subscriber's browser,
 * and stays out of the size-budgeted bundle), prebuilt as bytes (plus gzip and brotli variants,
 * compressed once per version) with a strong ETag and cached in memory. The config is the published
 * projection (shared `toPublishedConfig`): no promo code, which only the server applies. `plan` is
 * the published flow planned with every offer eligible (shared `planFlow`): the first screen and the
 * step count the widget shows while the session starts, without the planning code in its bundle.
 */
export const WIDGET_CONFIG_TTL_MS = 60_000

export type PublishedWidgetConfig = CachedWidgetConfig & {
  payload: WidgetConfigResponse
  domain: string | null
  gzip: Uint8Array
  br: Uint8Array
}

const inFlight = new WeakMap<object, Map<string, Promise<PublishedWidgetConfig | null>>>()

function parseConfig(deps: AppDeps, accountId: string, value: unknown): CancelFlowConfig {
  const parsed = cancelFlowConfigSchema.safeParse(value)
  if (parsed.success) return parsed.data
  // Stored configs are validated on save; one that no longer parses (an older schema) must not take
  // the widget down: serve the default and tell the operator.
  deps.logger.warn('stored config does not parse; serving the default', { accountId })
  return createDefaultConfig()
}

function parseReasons(deps: AppDeps, accountId: string, value: unknown): CancellationReason[] {
  if (value === undefined) return createDefaultReasons()
  const parsed = cancellationReasonsSchema.safeParse(value)
  if (parsed.success) return parsed.data
  deps.logger.warn('stored reasons do not parse; serving the defaults', { accountId })
  return createDefaultReasons()
}

export function buildWidgetConfigEntry(
  payload: WidgetConfigResponse,
  domain: string | null,
  expiresAt: number,
): PublishedWidgetConfig {
  // Served: the published projection. Kept in `payload`: the whole config, for the widget API's own
  // routes on this server (a discount's promo code is applied on accept, never shown).
  // The translations travel resolved, in `locales`: sending them raw as well would double the bytes.
  const { languages: _resolved, ...config } = toPublishedConfig(payload.config)
  const published: WidgetConfigResponse = { ...payload, config }
  return { ...encodeConfigBody(published), expiresAt, payload, domain }
}

/** A config answer's bytes, compressed once (gzip, brotli), with its strong ETag. */
export function encodeConfigBody(
  answer: unknown,
): Pick<PublishedWidgetConfig, 'etag' | 'body' | 'gzip' | 'br'> {
  const body = new TextEncoder().encode(JSON.stringify(answer))
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
  const gzip = gzipSync(body, { level: 9 })
  const br = brotliCompressSync(body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
  })
  return { etag, body, gzip, br }
}

async function loadFromDatabase(deps: AppDeps, accountId: string): Promise<PublishedWidgetConfig | null> {
  const account = await deps.db
    .selectFrom('accounts')
    .select(['id', 'domain'])
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) return null
  const [configRow, reasonsRow, tierRecords, routed, secrets] = await Promise.all([
    deps.db
      .selectFrom('flow_configs')
      .select(['version', 'config'])
      .where('account_id', '=', accountId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom('cancellation_reasons')
      .select('reasons')
      .where('account_id', '=', accountId)
      .executeTakeFirst(),
    loadTierRecords(deps.db, accountId),
    hasRouting(deps.db, accountId),
    // Loaded with the config and dropped with it (creating or revoking one reports a config change):
    // verifying a subscriber token then costs no database read and no decryption.
    activeWidgetSecrets(deps.db, (ciphertext) => deps.secrets.decrypt(ciphertext), accountId),
  ])
  const now = deps.clock.now().getTime()
  const tier = tierRecords
    ? effectiveTier(tierRecords, new Date(now))
    : { tier: 'free' as const, changesAt: null }
  const config = configRow ? parseConfig(deps, accountId, configRow.config) : createDefaultConfig()
  const reasons = parseReasons(deps, accountId, reasonsRow?.reasons)
  const shown = [...shownReasons(config, reasons)]
  // The screens shown while a session starts walk this (and each language's words are made for it);
  // the session brings the subscriber's own plan and words.
  const plan = planFlow({ config: toPublishedConfig(config), reasons: shown, eligibleOffers: OFFER_TYPES })
  const payload: WidgetConfigResponse = {
    accountId: account.id,
    tier: tier.tier,
    config,
    reasons: shown,
    version: configRow?.version ?? 0,
    themeCss: cssVariablesToText(themeToCssVariables(config.theme)),
    ...publishLocales(config, shown, plan),
    ...(routed && tier.tier === 'pro' ? { routed: true as const } : {}),
    plan,
  }
  // A trial or grace period ending changes what subscribers get: the entry never outlives that moment.
  const expiresAt = Math.min(
    now + WIDGET_CONFIG_TTL_MS,
    tier.changesAt?.getTime() ?? Number.POSITIVE_INFINITY,
  )
  return { ...buildWidgetConfigEntry(payload, account.domain, expiresAt), secrets }
}

/** The cached entry, when there is a fresh one (synchronous: the config endpoint's hit path). */
export function cachedPublishedConfig(deps: AppDeps, accountId: string): PublishedWidgetConfig | undefined {
  const cached = deps.widgetConfigCache.get(accountId, deps.clock.now().getTime())
  // Entries stored by others (tests, older code) may lack the parts this route needs: reload those.
  return cached?.payload && cached.gzip && cached.br ? (cached as PublishedWidgetConfig) : undefined
}

/** An id looked up moments ago and found to be no account (the short negative cache). */
export function knownMissing(deps: AppDeps, accountId: string): boolean {
  return deps.widgetConfigCache.isMissing(accountId, deps.clock.now().getTime())
}

/**
 * The published config of an account (null when there is no such account), from the cache or the
 * database. Concurrent misses for one account share one load; a load that raced an invalidation is
 * served to its callers but not cached.
 */
export function loadPublishedConfig(deps: AppDeps, accountId: string): Promise<PublishedWidgetConfig | null> {
  const cache = deps.widgetConfigCache
  const cached = cachedPublishedConfig(deps, accountId)
  if (cached) return Promise.resolve(cached)
  if (knownMissing(deps, accountId)) return Promise.resolve(null)
  let pending = inFlight.get(cache)
  if (!pending) {
    pending = new Map()
    inFlight.set(cache, pending)
  }
  const existing = pending.get(accountId)
  if (existing) return existing
  const generation = cache.generation(accountId)
  const map = pending
  const load = loadFromDatabase(deps, accountId)
    .then((entry) => {
      if (entry) cache.set(accountId, entry, generation)
      else cache.setMissing(accountId, deps.clock.now().getTime(), generation)
      return entry
    })
    .catch((error: unknown) => {
      // The database is out of reach: subscribers keep getting the last config this process served
      // (a cancel flow must keep working), until it answers again.
      const stale = cache.stale(accountId)
      if (error instanceof DatabaseUnavailableError && stale?.payload && stale.gzip && stale.br) {
        return stale as PublishedWidgetConfig
      }
      throw error
    })
    .finally(() => map.delete(accountId))
  map.set(accountId, load)
  return load
}
