import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SeededMerchant } from '@retainkit/fakes/stripe'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import type { RetainkitServer } from './retainkit-server'

/**
 * The sandbox merchant's Retainkit account, set up the way a merchant would through the console API
 * (create the account, paste the Stripe keys, save reasons and the flow, create a widget secret),
 * called with an owner token the embedded auth signs. What has no API is written directly: the owner's
 * user row (as the demo seed does; they can then sign in to the console by e-mail), the Pro tier
 * (billing would set it) and the domain `localhost` (the console takes public domains only).
 *
 * Idempotent: on every start it re-points the account at this start's Stripe fake and saves the flow
 * only when it changed (new price ids), so restarts do not pile up config versions needlessly.
 */
export const SANDBOX_ACCOUNT_ID = 'sandbox'
export const SANDBOX_OWNER_EMAIL = 'sandbox@retainkit.dev'

export interface SandboxAccount {
  accountId: string
  ownerEmail: string
  /** The widget secret, as the merchant's backend keeps it (never sent to a browser). */
  widgetSecret: string
  /** A console API call as the owner (for tests and the journey's checks). */
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
}

/** Default reasons plus one leading to each switch offer, so every offer has a way in. */
export function sandboxReasons(): CancellationReason[] {
  return [
    ...createDefaultReasons(),
    {
      key: 'wrong_plan',
      label: 'My plan does not fit',
      feedback: 'other',
      offer: 'plan_switch',
      enabled: true,
    },
    {
      key: 'pay_yearly',
      label: 'I want to pay yearly',
      feedback: 'other',
      offer: 'billing_cycle_switch',
      enabled: true,
    },
  ]
}

/**
 * Turns both switch offers on with plans at the seeded merchant's prices. The widget's browser suites
 * (tests/support/widget-scenario.ts) set up their merchant with it too.
 */
export function enableSwitchOffers(config: CancelFlowConfig, merchant: SeededMerchant): void {
  config.plan_switch = {
    enabled: true,
    plans: [
      { id: merchant.prices.basicMonthly, name: 'Basic', price: '$14.99/month' },
      { id: merchant.prices.teamMonthly, name: 'Team', price: '$99/month' },
    ],
  }
  config.billing_cycle_switch = {
    enabled: true,
    plans: [{ id: merchant.prices.proAnnual, name: 'Pro yearly', price: '$290/year' }],
  }
}

/** The default flow with both switch offers on the fake's prices, and no offers for Minnesota. */
export function sandboxConfig(merchant: SeededMerchant): CancelFlowConfig {
  const config = createDefaultConfig()
  enableSwitchOffers(config, merchant)
  config.compliance = { suppress_offers: false, suppress_offers_in: ['US-MN'] }
  return config
}

/** The merchant backend's own settings file: what a real merchant keeps in its environment. */
interface BackendSettings {
  accountId: string
  widgetSecret: string
}

export async function provisionSandboxAccount(
  retainkit: RetainkitServer,
  merchant: SeededMerchant,
  dataDir: string,
): Promise<SandboxAccount> {
  const { deps } = retainkit
  const accountId = SANDBOX_ACCOUNT_ID
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', SANDBOX_OWNER_EMAIL)
    .executeTakeFirst()
  const userId = existing?.id ?? randomUUID()
  if (!existing)
    await deps.db.insertInto('users').values({ id: userId, email: SANDBOX_OWNER_EMAIL }).execute()
  if (!deps.signingKeys) throw new Error('The sandbox needs the embedded auth server (no SUPABASE_URL)')
  const token = await deps.signingKeys.sign(
    { email: SANDBOX_OWNER_EMAIL, role: 'authenticated', session_id: randomUUID() },
    { subject: userId, expiresInSeconds: 3600, now: deps.clock.now() },
  )

  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${retainkit.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'x-api-key': deps.apiKey,
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  const call = async <T>(what: string, path: string, init?: { method?: string; body?: unknown }) => {
    const response = await api(path, init)
    if (!response.ok)
      throw new Error(`sandbox set-up, ${what}: HTTP ${response.status} ${await response.text()}`)
    return ((await response.json()) as { data: T }).data
  }
  const action = (name: string) => `/api/account?accountId=${accountId}&action=${name}`

  const account = await deps.db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .executeTakeFirst()
  if (!account) {
    await call('create the account', '/api/accounts', {
      body: { account_id: accountId, name: 'Acme Cloud (sandbox)', domain: 'acme.example' },
    })
  }
  // Upgrades go through billing, which is not part of this product: the tier is set directly. So is
  // the domain: the console accepts only public domains, and the sandbox's sites are on localhost (as
  // the demo merchant's are). Test-mode tokens would be accepted from localhost anyway.
  await deps.db
    .updateTable('accounts')
    .set({ tier: 'pro', domain: 'localhost' })
    .where('id', '=', accountId)
    .execute()
  await call('connect Stripe', action('credentials'), {
    body: { gateway: 'stripe', api_key: merchant.keys.secret, access_token: merchant.keys.publishable },
  })
  await call('save the reasons', action('reasons'), { body: { reasons: sandboxReasons() } })
  const wanted = sandboxConfig(merchant)
  const current = await call<{ config_json: CancelFlowConfig }>('read the flow', action('config'))
  if (JSON.stringify(current.config_json) !== JSON.stringify(wanted)) {
    await call('save the flow', action('config'), { method: 'PUT', body: { config_json: wanted } })
  }

  // The widget secret is shown once, at creation: the merchant's backend keeps it in its settings.
  mkdirSync(dataDir, { recursive: true })
  const settingsFile = join(dataDir, 'merchant-backend.json')
  const saved = existsSync(settingsFile)
    ? (JSON.parse(readFileSync(settingsFile, 'utf8')) as BackendSettings)
    : null
  const active = await call<{ hint: string }[]>('list widget secrets', action('widget-secret'))
  let widgetSecret = saved?.accountId === accountId ? saved.widgetSecret : ''
  if (!widgetSecret || !active.some((s) => s.hint === `rkws_…${widgetSecret.slice(-4)}`)) {
    widgetSecret = (
      await call<{ secret: string }>('create a widget secret', action('widget-secret'), { method: 'POST' })
    ).secret
    writeFileSync(
      settingsFile,
      `${JSON.stringify({ accountId, widgetSecret } satisfies BackendSettings, null, 2)}\n`,
      {
        mode: 0o600,
      },
    )
  }
  return { accountId, ownerEmail: SANDBOX_OWNER_EMAIL, widgetSecret, api }
}
