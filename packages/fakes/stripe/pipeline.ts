import { authenticate, checkPermission, readApiKey } from './auth'
import { commitEvents, type PendingEvent, type PipelineDeps, type RequestLogEntry } from './commit-events'
import { FakeStripeError, idempotencyError, internalError, unrecognizedUrl } from './errors'
import { applyExpansions } from './expand'
import { decodeForm, type FormObject } from './form-codec'
import { handleHostedPage, isHostedPage } from './hosted'
import { randomToken } from './ids'
import { handleOAuth } from './oauth'
import { handleAuthorize } from './oauth-authorize'
import { validateFields } from './params'
import { type JsonObject, lookupObject, markLivemode } from './render'
import { invoicePaymentsList } from './resources/charges'
import { allowedParams, type HttpMethod, matchRoute, type Route, type RouteContext } from './router'
import { type AccountState, type FakeAccount, restoreState, snapshotState } from './state'
import { API_VERSION } from './webhooks'

export {
  commitEvents,
  type PendingEvent,
  type PipelineDeps,
  type RequestLogEntry,
} from './commit-events'

interface Outcome {
  status: number
  body: string
  accountId: string | null
  replayed: boolean
}

/** Stable JSON (sorted keys) so the same params always fingerprint the same way. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

function errorOutcome(error: unknown, accountId: string | null): Outcome {
  const failure =
    error instanceof FakeStripeError ? error : internalError(String((error as Error)?.message ?? error))
  return {
    status: failure.status,
    body: JSON.stringify(failure.toJSON(), null, 2),
    accountId,
    replayed: false,
  }
}

/** Runs a matched route against one account: validation, atomic execution, expansion, events. */
function execute(
  deps: PipelineDeps,
  route: Route,
  account: FakeAccount,
  context: {
    path: Record<string, string>
    raw: FormObject
    requestId: string
    idempotencyKey: string | null
    origin: string
  },
): Outcome {
  const state: AccountState = account.state
  const params = validateFields(context.raw, allowedParams(route))
  const pending: PendingEvent[] = []
  const now = deps.clock.now()
  const ctx: RouteContext = {
    account,
    state,
    params,
    path: context.path,
    now,
    requestId: context.requestId,
    idempotencyKey: context.idempotencyKey,
    origin: context.origin,
    // Copied now: the response object may still be expanded in place before it is sent.
    emit: (type, object, before) => {
      pending.push({ type, object: structuredClone(object), before })
    },
  }
  const snapshot = route.method === 'GET' ? null : snapshotState(state)
  let outcome: Outcome
  try {
    const result = route.handle(ctx)
    const expand = (params.expand as string[] | undefined) ?? []
    applyExpansions(
      result as JsonObject,
      expand,
      (type, id) => lookupObject(state, type, id),
      (type, field, id) =>
        type === 'invoice' && field === 'payments' ? invoicePaymentsList({ state }, id) : undefined,
    )
    if (account.livemode) markLivemode(result)
    outcome = { status: 200, body: JSON.stringify(result, null, 2), accountId: account.id, replayed: false }
  } catch (error) {
    // A declined payment keeps its attempt and events; any other failure leaves no trace.
    if (!(error instanceof FakeStripeError && error.keepChanges)) {
      if (snapshot) restoreState(state, snapshot)
      pending.length = 0
    }
    outcome = errorOutcome(error, account.id)
  }
  if (pending.length > 0 || outcome.status === 200) {
    const request = { id: context.requestId, idempotency_key: context.idempotencyKey }
    commitEvents(deps.dispatcher, account, pending, now, request)
  }
  return outcome
}

function dispatch(
  deps: PipelineDeps,
  request: {
    method: string
    path: string
    headers: Headers
    raw: FormObject
    requestId: string
    origin: string
  },
): Outcome {
  const { method, path, headers, raw, requestId, origin } = request
  const apiKey = readApiKey(headers.get('authorization'))
  if (path === '/oauth/token' || path === '/oauth/deauthorize') {
    if (method !== 'POST') return errorOutcome(unrecognizedUrl(method, path), null)
    const result = handleOAuth(deps.registry, path, apiKey, raw)
    return {
      status: result.status,
      body: JSON.stringify(result.body, null, 2),
      accountId: result.accountId,
      replayed: false,
    }
  }
  let accountId: string | null = null
  try {
    const match = matchRoute(deps.routes, method, path)
    if (!match) throw unrecognizedUrl(method, path)
    const caller = authenticate(deps.registry, apiKey, headers.get('stripe-account'))
    accountId = caller.account.id
    checkPermission(caller, match.route.resource, method as HttpMethod)
    const idempotencyKey = method === 'POST' ? headers.get('idempotency-key') : null
    const idempotency = caller.account.state.idempotency
    const fingerprint = canonical(raw)
    const previous = idempotencyKey ? idempotency.get(idempotencyKey) : undefined
    if (idempotencyKey && previous) {
      if (previous.method !== method || previous.path !== path) {
        throw idempotencyError(
          `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.method} ${previous.path}' vs '${method} ${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        )
      }
      if (previous.fingerprint !== fingerprint) {
        throw idempotencyError(
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        )
      }
      return { status: previous.status, body: previous.body, accountId, replayed: true }
    }
    const context = { path: match.path, raw, requestId, idempotencyKey, origin }
    let outcome: Outcome
    try {
      outcome = execute(deps, match.route, caller.account, context)
    } catch (error) {
      // Param validation failed before execution began: Stripe saves nothing for the key.
      return errorOutcome(error, accountId)
    }
    if (idempotencyKey) {
      idempotency.set(idempotencyKey, {
        method,
        path,
        fingerprint,
        status: outcome.status,
        body: outcome.body,
      })
    }
    return outcome
  } catch (error) {
    return errorOutcome(error, accountId)
  }
}

/** A page a browser sees (hosted pages, the OAuth consent page): logged, then answered as HTML or a redirect. */
function answerPage(
  deps: PipelineDeps,
  request: { method: string; path: string; params: RequestLogEntry['params']; requestId: string },
  page: {
    accountId: RequestLogEntry['accountId']
    status: number
    headers: Record<string, string>
    body: string
  },
): Response {
  deps.log.push({
    method: request.method,
    path: request.path,
    accountId: page.accountId,
    params: request.params,
    idempotencyKey: null,
    status: page.status,
    replayed: false,
    at: deps.clock.now(),
    requestId: request.requestId,
    response: page.headers.Location ? { location: page.headers.Location } : null,
  })
  return new Response(page.body === '' ? null : page.body, {
    status: page.status,
    headers: { ...page.headers, 'Request-Id': request.requestId, 'Cache-Control': 'no-cache, no-store' },
  })
}

/** The fetch-style entry point: one Stripe API request in, one Response out. */
export async function handleRequest(
  deps: PipelineDeps,
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init)
  const url = new URL(request.url)
  const method = request.method.toUpperCase()
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  const text = method === 'GET' || method === 'DELETE' || method === 'HEAD' ? '' : await request.text()
  const raw = method === 'POST' ? decodeForm(text) : decodeForm(url.search)
  const requestId = `req_${randomToken(14)}`
  if (isHostedPage(path)) {
    const page = handleHostedPage(deps, {
      method,
      path,
      query: decodeForm(url.search),
      form: method === 'POST' ? raw : {},
      origin: url.origin,
    })
    return answerPage(deps, { method, path, params: raw, requestId }, page)
  }
  if (path === '/oauth/authorize') {
    // The consent page a browser sees, not the API: HTML and redirects instead of JSON.
    const page = handleAuthorize(deps.registry, method, decodeForm(url.search), method === 'POST' ? raw : {})
    const params = method === 'POST' ? raw : decodeForm(url.search)
    return answerPage(deps, { method, path, params, requestId }, page)
  }
  const outcome = dispatch(deps, {
    method,
    path,
    headers: request.headers,
    raw,
    requestId,
    origin: url.origin,
  })
  const idempotencyKey = method === 'POST' ? request.headers.get('idempotency-key') : null
  deps.log.push({
    method,
    path,
    accountId: outcome.accountId,
    params: raw,
    idempotencyKey,
    status: outcome.status,
    replayed: outcome.replayed,
    at: deps.clock.now(),
    requestId,
    response: JSON.parse(outcome.body) as unknown,
  })
  const headers = new Headers({
    'Content-Type': 'application/json',
    'Request-Id': requestId,
    'Stripe-Version': request.headers.get('stripe-version') ?? API_VERSION,
    'Cache-Control': 'no-cache, no-store',
  })
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey)
  if (outcome.replayed) headers.set('Idempotent-Replayed', 'true')
  const stripeAccount = request.headers.get('stripe-account')
  if (stripeAccount) headers.set('Stripe-Account', stripeAccount)
  return new Response(outcome.body, { status: outcome.status, headers })
}
