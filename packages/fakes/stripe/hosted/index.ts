import { commitEvents, type PendingEvent, type PipelineDeps } from '../commit-events'
import { FakeStripeError } from '../errors'
import type { FormObject } from '../form-codec'
import { type FakeAccount, restoreState, snapshotState } from '../state'
import { checkoutPage } from './checkout-page'
import { escapeHtml } from './html'
import { type HostedResult, htmlResult, type PageContext, type PageHandler } from './page'
import { portalPage } from './portal-page'

export {
  type HostedResult,
  htmlResult,
  type PageContext,
  type PageHandler,
  redirectResult,
} from './page'

/**
 * The pages Stripe hosts for a platform's customers, served by the fake at the URLs its API hands out:
 * Checkout (`/c/pay/:id`) and the Billing Portal (`/p/session/:id`). GET shows the page; its form POSTs
 * back, and what the form does runs like an API write — all of it or nothing, its events stored and
 * delivered to webhook endpoints.
 */
const PAGES: ReadonlyArray<{
  prefix: string
  owns: (account: FakeAccount, id: string) => boolean
  handle: PageHandler
}> = [
  { prefix: '/c/pay/', owns: (account, id) => account.state.checkoutSessions.has(id), handle: checkoutPage },
  { prefix: '/p/session/', owns: (account, id) => account.state.portalSessions.has(id), handle: portalPage },
]

/** Whether `path` is one of the hosted pages (so the API router never sees it). */
export function isHostedPage(path: string): boolean {
  return PAGES.some((page) => path.startsWith(page.prefix))
}

export function handleHostedPage(
  deps: PipelineDeps,
  request: { method: string; path: string; query: FormObject; form: FormObject; origin: string },
): HostedResult {
  const page = PAGES.find((candidate) => request.path.startsWith(candidate.prefix))
  const id = page ? request.path.slice(page.prefix.length) : ''
  const account = page
    ? [...deps.registry.accounts.values()].find((candidate) => page.owns(candidate, id))
    : undefined
  if (!page || !account || id.includes('/')) {
    return htmlResult('Not found', '<h1>Page not found</h1><p>This link is not valid.</p>', 404)
  }
  if (request.method !== 'GET' && request.method !== 'POST') {
    return htmlResult('Not allowed', `<h1>${escapeHtml(request.method)} is not allowed</h1>`, 405)
  }
  const pending: PendingEvent[] = []
  const now = deps.clock.now()
  const ctx: PageContext = {
    account,
    state: account.state,
    params: {},
    path: { id },
    now,
    requestId: `req_page_${id.slice(-12)}`,
    idempotencyKey: null,
    origin: request.origin,
    method: request.method,
    form: request.form,
    query: request.query,
    emit: (type, object, before) => {
      pending.push({ type, object: structuredClone(object), before })
    },
  }
  const snapshot = snapshotState(account.state)
  try {
    const result = page.handle(ctx, id)
    commitEvents(deps.dispatcher, account, pending, now, { id: null, idempotency_key: null })
    return result
  } catch (error) {
    restoreState(account.state, snapshot)
    if (!(error instanceof FakeStripeError)) throw error
    return htmlResult(
      'Something went wrong',
      `<h1>Something went wrong</h1><p role="alert">${escapeHtml(error.message)}</p>`,
      error.status,
      account.id,
    )
  }
}
