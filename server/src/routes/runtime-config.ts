import { ROUTES } from '@retainkit/shared/routes'
import { Hono } from 'hono'
import { devOutboxEnabled } from '../auth/routes/meta'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { answer } from '../http/respond'
import { siteUrl } from '../http/site-origin'

/**
 * `GET /runtime-config.json`: the console's public settings, read at startup, so one build
 * serves every deployment. Nothing here is secret: the API key and anon key are public client keys.
 */
export function runtimeConfigRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/runtime-config.json', (c) => {
    c.header('Cache-Control', 'no-cache')
    // Without PUBLIC_URL, the origin the console was loaded from (when it is this machine's): opened at
    // 127.0.0.1 or the LAN address, its calls stay same-origin and sign-in comes back to it.
    const publicUrl = siteUrl(c, deps.config)
    c.header('Vary', 'Host')
    return answer(c, 'GET /runtime-config.json', {
      backendUrl: deps.config.supabase?.url ?? publicUrl,
      apiBaseUrl: publicUrl,
      anonKey: deps.anonKey,
      apiKey: deps.apiKey,
      stripeRedirectUrl: `${publicUrl}${ROUTES.stripeCallback}`,
      billingPortalUrl: deps.config.billingPortalUrl ?? `${publicUrl}${ROUTES.settings}?tab=billing`,
      embeddedAuth: deps.signingKeys !== null,
      devOutbox: deps.signingKeys !== null && devOutboxEnabled(deps.config),
      stripeConnect: Boolean(deps.config.stripe.clientId && deps.config.stripe.platformSecretKey),
      stripeClientId: deps.config.stripe.clientId,
      // Set only with PUBLIC_URL: the console moves a visitor who came by another origin over to it.
      siteUrl: deps.config.publicUrlFixed ? deps.config.publicUrl : null,
    })
  })
}
