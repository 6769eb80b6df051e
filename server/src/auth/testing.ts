import { createHash, randomBytes } from 'node:crypto'
import { nodeBindings, type TestContext } from '../../test/support/harness'
import type { SessionResponse } from './sessions'

/** Helpers for the auth test files: PKCE pairs, the magic-link round trip, GoTrue error bodies. */

export const PUBLIC = 'http://localhost:8787'
export const CALLBACK = `${PUBLIC}/auth/callback`

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`
}

/** Sends a request as auth-js does (API version header, apikey header, no x-api-key). */
export async function authRequest(
  t: TestContext,
  path: string,
  init: {
    method?: string
    body?: unknown
    token?: string
    legacy?: boolean
    headers?: Record<string, string>
    /** The socket peer (see nodeBindings); absent → an in-process call without an address. */
    peer?: string
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = { apikey: 'ignored-anon-key', ...init.headers }
  if (!init.legacy) headers['X-Supabase-Api-Version'] = '2024-01-01'
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.body !== undefined) headers['content-type'] = 'application/json;charset=UTF-8'
  return await t.app.request(
    `${PUBLIC}${path}`,
    {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    },
    init.peer === undefined ? undefined : nodeBindings(init.peer, headers),
  )
}

export async function requestLink(
  t: TestContext,
  email: string,
  options: { challenge?: string; method?: string; redirectTo?: string; createUser?: boolean } = {},
): Promise<Response> {
  const query = new URLSearchParams({ redirect_to: options.redirectTo ?? CALLBACK })
  return authRequest(t, `/auth/v1/otp?${query}`, {
    body: {
      email,
      data: {},
      create_user: options.createUser ?? true,
      gotrue_meta_security: {},
      code_challenge: options.challenge ?? null,
      code_challenge_method: options.challenge ? (options.method ?? 's256') : null,
    },
  })
}

/** The newest sign-in link mailed to `email`. */
export async function lastLink(t: TestContext, email: string): Promise<URL> {
  const message = (await t.readOutbox(email)).at(-1)
  if (!message?.link) throw new Error(`no sign-in mail for ${email}`)
  return new URL(message.link)
}

/** Opens a link in-process without following the redirect; returns the Location. */
export async function follow(t: TestContext, link: URL | string): Promise<{ status: number; location: URL }> {
  const res = await t.app.request(String(link))
  return { status: res.status, location: new URL(res.headers.get('location') ?? 'http://invalid.test/') }
}

/** Magic link + PKCE exchange: a fresh session for `email`. */
export async function signInWithLink(t: TestContext, email = uniqueEmail()): Promise<SessionResponse> {
  const { verifier, challenge } = pkcePair()
  const res = await requestLink(t, email, { challenge })
  if (res.status !== 200) throw new Error(`otp answered ${res.status}`)
  const { location } = await follow(t, await lastLink(t, email))
  const code = location.searchParams.get('code')
  if (!code) throw new Error(`verify did not give a code: ${location}`)
  const token = await authRequest(t, '/auth/v1/token?grant_type=pkce', {
    body: { auth_code: code, code_verifier: verifier },
  })
  if (token.status !== 200) throw new Error(`token answered ${token.status}`)
  return (await token.json()) as SessionResponse
}

export async function errorBody(res: Response): Promise<{ code: string; message: string }> {
  return (await res.json()) as { code: string; message: string }
}
