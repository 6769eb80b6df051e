import { contactMessageSchema, waitlistSchema } from '@retainkit/shared/schemas'
import { type Context, Hono } from 'hono'
import type { AppDeps } from '../deps'
import type { AppEnv } from '../http/app-env'
import { clientAddress, rateLimitKey } from '../http/client-address'
import { answer } from '../http/respond'
import { readBody } from '../http/validate'
import { enforceRateLimit } from '../services/rate-limit'

/** Submissions per client address per hour, each form counted on its own. */
export const PUBLIC_FORM_LIMIT = 5
export const PUBLIC_FORM_WINDOW_SECONDS = 60 * 60

/**
 * The contact form reads success "at the top level or inside data", so both carry it.
 * The same answer goes to a bot caught by the honeypot, which must not learn it was caught.
 */
const accepted = (c: Context) => {
  c.header('Cache-Control', 'no-store')
  return answer(c, 'POST /api/contact', { success: true, data: { success: true } })
}

const filledHoneypot = (value: string | undefined) => value !== undefined && value.trim() !== ''

/**
 * `POST /api/contact` and `POST /api/waitlist` (payment recovery's 'Join Waitlist'). Public:
 * the API key (checked by app.ts) but no bearer. Rate-limited per client address (http/client-address.ts,
 * TRUST_PROXY) before anything else, so invalid and honeypot submissions count too.
 */
export function contactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>()
  // In-process test requests carry no address; they share one bucket like any caller without one.
  const visitor = (c: Context) => rateLimitKey(clientAddress(c, deps.config.trustProxy) ?? 'unknown')

  app.post('/api/contact', async (c) => {
    await enforceRateLimit(c, deps, `contact:${visitor(c)}`, PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_SECONDS)
    const body = await readBody(c, contactMessageSchema)
    if (filledHoneypot(body.website)) return accepted(c)
    const row = await deps.db
      .insertInto('contact_messages')
      .values({
        name: body.name,
        email: body.email,
        company: body.company?.trim() ? body.company : null,
        message: body.message,
        created_at: deps.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // Only the id: the message and the sender's address stay out of the logs.
    deps.logger.info('contact message stored', { id: String(row.id) })
    return accepted(c)
  })

  app.post('/api/waitlist', async (c) => {
    await enforceRateLimit(c, deps, `waitlist:${visitor(c)}`, PUBLIC_FORM_LIMIT, PUBLIC_FORM_WINDOW_SECONDS)
    const body = await readBody(c, waitlistSchema)
    if (filledHoneypot(body.website)) return accepted(c)
    // Signing up twice is fine for the visitor and stores one row.
    await deps.db
      .insertInto('waitlist_signups')
      .values({ email: body.email.toLowerCase(), product: body.product, created_at: deps.clock.now() })
      .onConflict((oc) => oc.columns(['email', 'product']).doNothing())
      .execute()
    return accepted(c)
  })

  return app
}
