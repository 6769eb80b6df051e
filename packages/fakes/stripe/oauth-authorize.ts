import type { AccountRegistry } from './accounts'
import type { FormObject } from './form-codec'
import { escapeHtml, htmlDocument } from './hosted/html'
import type { FakeAccount } from './state'

/**
 * Stripe Connect's consent page (`connect.stripe.com/oauth/authorize`), close enough for a browser
 * test: GET renders a small HTML page naming the platform, with the test accounts to connect (or a new
 * one) and Connect / Cancel buttons; the form POSTs back here and the answer is Stripe's redirect to
 * `redirect_uri` with `code`, `state` and `scope`, or `error=access_denied`.
 *
 * As on Stripe, an unknown `client_id` or a missing/invalid `redirect_uri` shows an error page (there is
 * nowhere safe to redirect to); a bad `scope` or `response_type` is reported to the redirect URI.
 */
export interface AuthorizeResult {
  status: number
  headers: Record<string, string>
  body: string
  /** The platform, for the request log. */
  accountId: string | null
}

const DENIED_DESCRIPTION = 'The user denied your request'
const NEW_ACCOUNT = 'new'

const one = (value: FormObject[string] | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined

function page(
  title: string,
  content: string,
  status = 200,
  accountId: string | null = null,
): AuthorizeResult {
  const body = htmlDocument(title, content)
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body, accountId }
}

function errorPage(message: string, accountId: string | null = null): AuthorizeResult {
  return page(
    'Stripe Connect error',
    `<h1>Something went wrong</h1><p role="alert">${escapeHtml(message)}</p>`,
    400,
    accountId,
  )
}

function redirect(target: URL, params: Record<string, string>, accountId: string): AuthorizeResult {
  const location = new URL(target)
  for (const [name, value] of Object.entries(params)) location.searchParams.set(name, value)
  return { status: 302, headers: { Location: location.toString() }, body: '', accountId }
}

interface AuthorizeRequest {
  platform: FakeAccount
  redirectUri: URL
  state: string | undefined
  scope: 'read_write' | 'read_only'
}

/** Checks what both the page and its form submission carry. */
function readRequest(
  registry: AccountRegistry,
  params: FormObject,
): AuthorizeRequest | { failure: AuthorizeResult } {
  const clientId = one(params.client_id)
  const platform = clientId ? registry.accountForClientId(clientId) : undefined
  if (!platform) return { failure: errorPage(`No such application: '${clientId ?? ''}'`) }
  let redirectUri: URL
  try {
    redirectUri = new URL(one(params.redirect_uri) ?? '')
  } catch {
    return { failure: errorPage('Invalid redirect_uri: it must be an absolute http(s) URL.', platform.id) }
  }
  if (!/^https?:$/.test(redirectUri.protocol)) {
    return { failure: errorPage('Invalid redirect_uri: it must be an absolute http(s) URL.', platform.id) }
  }
  const state = one(params.state)
  const withState: Record<string, string> = state === undefined ? {} : { state }
  const responseType = one(params.response_type) ?? 'code'
  if (responseType !== 'code') {
    return {
      failure: redirect(
        redirectUri,
        {
          error: 'unsupported_response_type',
          error_description: `Unsupported response_type: ${responseType}`,
          ...withState,
        },
        platform.id,
      ),
    }
  }
  // Stripe's default scope is read_only.
  const scope = one(params.scope) ?? 'read_only'
  if (scope !== 'read_write' && scope !== 'read_only') {
    return {
      failure: redirect(
        redirectUri,
        { error: 'invalid_scope', error_description: `Invalid scope: ${scope}`, ...withState },
        platform.id,
      ),
    }
  }
  return { platform, redirectUri, state, scope }
}

/** Accounts the visitor may connect: every other account, those already connected to this platform first. */
function candidates(registry: AccountRegistry, platform: FakeAccount): FakeAccount[] {
  const others = [...registry.accounts.values()].filter((account) => account.id !== platform.id)
  return [
    ...others.filter((account) => account.platformId === platform.id),
    ...others.filter((account) => account.platformId !== platform.id),
  ]
}

function consentPage(
  registry: AccountRegistry,
  request: AuthorizeRequest,
  params: FormObject,
): AuthorizeResult {
  const { platform } = request
  const accounts = candidates(registry, platform)
  const prefillEmail = one((params.stripe_user as FormObject | undefined)?.email as FormObject[string])
  const preselected =
    accounts.find((account) => prefillEmail !== undefined && account.email === prefillEmail) ??
    accounts.find((account) => account.platformId === platform.id)
  const option = (value: string, label: string, checked: boolean) =>
    `<label><input type="radio" name="account" value="${escapeHtml(value)}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`
  const stripeUser = params.stripe_user as FormObject | undefined
  const prefill = Object.fromEntries(
    ['email', 'business_name'].flatMap((field) => {
      const value = one(stripeUser?.[field] as FormObject[string])
      return value === undefined ? [] : [[`stripe_user[${field}]`, value]]
    }),
  )
  const hidden = Object.entries({
    client_id: platform.clientId,
    redirect_uri: request.redirectUri.toString(),
    scope: request.scope,
    ...(request.state === undefined ? {} : { state: request.state }),
    ...prefill,
  })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
  const choices = [
    ...accounts.map((account) =>
      option(account.id, `${account.businessName} (${account.id})`, account === preselected),
    ),
    option(NEW_ACCOUNT, 'Create a new test account', preselected === undefined),
  ].join('')
  const access = request.scope === 'read_write' ? 'read and write' : 'read'
  return page(
    `Connect to ${platform.businessName}`,
    `<h1>Connect to ${escapeHtml(platform.businessName)}</h1>
<p>${escapeHtml(platform.businessName)} would like ${access} access to your Stripe account.</p>
<form method="post" action="/oauth/authorize">${hidden}
<fieldset><legend>Account to connect</legend>${choices}</fieldset>
<div class="actions"><button type="submit" name="decision" value="connect">Connect</button>
<button type="submit" name="decision" value="cancel">Cancel</button></div>
</form>`,
    200,
    platform.id,
  )
}

/** The platform's own secret key: what `createOAuthCode` identifies the platform by. */
function platformSecretKey(registry: AccountRegistry, platform: FakeAccount): string | undefined {
  return [...registry.keys.values()].find(
    (record) =>
      record.accountId === platform.id && record.kind === 'secret' && !record.platformId && !record.revoked,
  )?.key
}

function decide(registry: AccountRegistry, request: AuthorizeRequest, form: FormObject): AuthorizeResult {
  const { platform, redirectUri, state, scope } = request
  const withState: Record<string, string> = state === undefined ? {} : { state }
  const decision = one(form.decision)
  if (decision === 'cancel') {
    return redirect(
      redirectUri,
      { error: 'access_denied', error_description: DENIED_DESCRIPTION, ...withState },
      platform.id,
    )
  }
  if (decision !== 'connect') return errorPage('Choose Connect or Cancel.', platform.id)
  const choice = one(form.account) ?? NEW_ACCOUNT
  let accountId: string
  if (choice === NEW_ACCOUNT) {
    const stripeUser = form.stripe_user as FormObject | undefined
    accountId = registry.create({
      businessName: one(stripeUser?.business_name as FormObject[string]) ?? 'Connected test merchant',
      email: one(stripeUser?.email as FormObject[string]),
      restrictedKeys: [],
    }).id
  } else {
    const existing = registry.account(choice)
    if (!existing || existing.id === platform.id)
      return errorPage(`No such account: '${choice}'`, platform.id)
    accountId = existing.id
  }
  const key = platformSecretKey(registry, platform)
  if (!key) return errorPage('This application has no active secret key.', platform.id)
  const code = registry.createOAuthCode({ platformSecretKey: key, connectedAccountId: accountId, scope })
  return redirect(redirectUri, { code, ...withState, scope }, platform.id)
}

/** `GET /oauth/authorize` (the consent page) and `POST /oauth/authorize` (its form). */
export function handleAuthorize(
  registry: AccountRegistry,
  method: string,
  query: FormObject,
  form: FormObject,
): AuthorizeResult {
  if (method !== 'GET' && method !== 'POST') return errorPage(`Unsupported method ${method}`)
  const params = method === 'GET' ? query : form
  const request = readRequest(registry, params)
  if ('failure' in request) return request.failure
  return method === 'GET' ? consentPage(registry, request, params) : decide(registry, request, form)
}
