import { formatMoney, money } from '@retainkit/shared/money'
import { pickLocale } from '@retainkit/shared/pick-locale'
import { monthsText, RECOVERY_WORDS, type RecoveryLocale, recoveryWords } from '@retainkit/shared/recovery'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { loadCurrentConfig } from '../services/flow-config'
import { type CardUpdateClaims, readCardUpdateToken } from '../services/recovery/links'
import { messagePage, type PageLook, updatePage } from '../services/recovery/page'
import { linkState, openPortal, pauseInstead, returnUrlOf } from '../services/recovery/portal'
import { loadRecoverySettings } from '../services/recovery/settings'
import { SignedLinkError } from '../services/signed-links'

/**
 * `GET /update-payment/{token}`: the no-login card-update page of payment recovery (the link in its
 * mails and the on-site prompt). `POST` the same path (a click): `action=update` opens a Stripe Billing
 * Portal session for the token's customer only and redirects to it; `action=pause` is the last chance.
 * A tampered link is 400 and an expired one 410, each with a clear page and no portal.
 */

const TOKEN = /^[A-Za-z0-9_-]{1,3000}\.[A-Za-z0-9_-]{1,200}$/

function securityHeaders(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store')
  c.header('X-Robots-Tag', 'noindex')
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  )
}

function localeFor(c: Context<AppEnv>, wishes: Array<string | null | undefined>): RecoveryLocale {
  const header = (c.req.header('accept-language') ?? '').split(',').map((part) => part.split(';')[0]?.trim())
  return (pickLocale(RECOVERY_WORDS, [...wishes, ...header]) ?? 'en') as RecoveryLocale
}

async function lookFor(
  deps: AppDeps,
  c: Context<AppEnv>,
  claims: CardUpdateClaims | null,
  wish: string | null,
): Promise<PageLook> {
  if (!claims) {
    const locale = localeFor(c, [])
    return { locale, words: recoveryWords(locale), merchant: 'Retainkit', returnUrl: null }
  }
  const [account, { config }, settings] = await Promise.all([
    deps.db.selectFrom('accounts').select('name').where('id', '=', claims.accountId).executeTakeFirst(),
    loadCurrentConfig(deps.db, claims.accountId),
    loadRecoverySettings(deps.db, claims.accountId),
  ])
  const locale = localeFor(c, [wish, config.languages?.default])
  return {
    locale,
    words: recoveryWords(locale, settings.texts),
    merchant: account?.name ?? 'Retainkit',
    theme: config.theme,
    returnUrl: await returnUrlOf(deps, claims.accountId),
  }
}

/** The token's claims, or the page to answer (400 tampered or malformed, 410 expired). */
async function readToken(deps: AppDeps, c: Context<AppEnv>) {
  const token = c.req.param('token') ?? ''
  try {
    if (!TOKEN.test(token)) throw new SignedLinkError('malformed')
    return { claims: readCardUpdateToken(deps, token, deps.clock.now()) }
  } catch (error) {
    const expired = error instanceof SignedLinkError && error.reason === 'expired'
    const look = await lookFor(deps, c, null, null)
    return { page: c.html(messagePage(look, expired ? 'page.expired' : 'page.invalid'), expired ? 410 : 400) }
  }
}

export function recoveryPageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  app.use('/update-payment/*', async (c, next) => {
    await next()
    securityHeaders(c)
  })

  app.get('/update-payment/:token', async (c) => {
    const read = await readToken(deps, c)
    if (read.page) return read.page
    const claims = read.claims
    const state = await linkState(deps, claims)
    const campaign = state.kind === 'invalid' ? null : state.campaign
    const look = await lookFor(deps, c, claims, claims.locale ?? campaign?.locale ?? null)
    if (state.kind === 'invalid') return c.html(messagePage(look, 'page.invalid'), 400)
    const settings = await loadRecoverySettings(deps.db, claims.accountId)
    if (state.kind === 'closed') {
      const ended = state.campaign
      if (ended.outcome === 'paused')
        return c.html(
          messagePage(look, 'page.paused', {
            months: monthsText(settings.last_chance_pause.months, look.locale),
          }),
        )
      return c.html(
        messagePage(look, ended.state === 'lost' ? 'page.expired' : 'page.paid'),
        ended.state === 'lost' ? 410 : 200,
      )
    }
    const amount = campaign ? formatMoney(money(Number(campaign.amount), campaign.currency), look.locale) : ''
    return c.html(
      updatePage(look, {
        amount,
        plan: campaign?.plan_name ?? look.merchant,
        pauseMonths:
          campaign && settings.last_chance_pause.enabled ? settings.last_chance_pause.months : null,
        action: c.req.path,
      }),
    )
  })

  app.post('/update-payment/:token', async (c) => {
    const read = await readToken(deps, c)
    if (read.page) return read.page
    const claims = read.claims
    const state = await linkState(deps, claims)
    const campaign = state.kind === 'open' ? state.campaign : null
    const look = await lookFor(deps, c, claims, claims.locale ?? campaign?.locale ?? null)
    if (state.kind === 'invalid') return c.html(messagePage(look, 'page.invalid'), 400)
    if (state.kind === 'closed') return c.redirect(c.req.path, 303)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    try {
      if (form.action === 'pause') {
        const months = await pauseInstead(deps, claims)
        return months
          ? c.html(messagePage(look, 'page.paused', { months: monthsText(months, look.locale) }))
          : c.redirect(c.req.path, 303)
      }
      return c.redirect(await openPortal(deps, claims, campaign, look.locale), 303)
    } catch (error) {
      deps.logger.warn('card update could not open the portal', {
        accountId: claims.accountId,
        error: error instanceof Error ? error.message : String(error),
      })
      return c.html(messagePage(look, 'page.unavailable'), 502)
    }
  })
  return app
}
