import { otpBodySchema, pkceGrantSchema, refreshGrantSchema, userUpdateBodySchema } from '../../auth/schemas'
import { type OperationSpec, queryParam } from './operation-types'

const redirectTo = queryParam(
  'redirect_to',
  "Where to land afterwards: any path on PUBLIC_URL's origin (without PUBLIC_URL, on this machine's own origins)",
)

/**
 * The embedded auth server (GoTrue-compatible, what supabase-js calls). Its errors are GoTrue's shapes,
 * `{code, message}` with `X-Supabase-Api-Version: 2024-01-01`, else `{code: status, error_code, msg}`.
 */
export const AUTH_OPERATIONS: OperationSpec[] = [
  {
    method: 'post',
    path: '/auth/v1/otp',
    summary: 'Mail a one-time sign-in link (PKCE challenge optional)',
    tag: 'Auth',
    security: ['none'],
    params: [redirectTo],
    body: otpBodySchema,
  },
  {
    method: 'get',
    path: '/auth/v1/verify',
    summary: 'Claim the link: 303 to redirect_to with ?code= (PKCE) or #access_token=…',
    tag: 'Auth',
    security: ['none'],
    params: [
      { ...queryParam('token', 'The token from the mailed link'), required: true },
      {
        ...queryParam('type', 'magiclink or signup', { type: 'string', enum: ['magiclink', 'signup'] }),
        required: true,
      },
      redirectTo,
    ],
    returns: 'a redirect (303)',
    status: 303,
  },
  {
    method: 'post',
    path: '/auth/v1/token?grant_type=pkce',
    summary: 'Exchange a flow code and its verifier for a session',
    tag: 'Auth',
    security: ['none'],
    body: pkceGrantSchema,
  },
  {
    method: 'post',
    path: '/auth/v1/token?grant_type=refresh_token',
    summary: 'Rotate a refresh token into a new session',
    tag: 'Auth',
    security: ['none'],
    body: refreshGrantSchema,
  },
  {
    method: 'get',
    path: '/auth/v1/user',
    summary: 'The signed-in user',
    tag: 'Auth',
    security: ['bearer'],
  },
  {
    method: 'put',
    path: '/auth/v1/user',
    summary:
      'Update the signed-in user: merge user metadata (`data`, a null value removes the key) and start an e-mail change confirmed from the new address (`email`; `redirect_to` in the query)',
    tag: 'Auth',
    security: ['bearer'],
    params: [redirectTo],
    body: userUpdateBodySchema,
  },
  {
    method: 'post',
    path: '/auth/v1/logout',
    summary: 'Revoke sessions (scope global, local or others)',
    tag: 'Auth',
    security: ['bearer'],
    params: [
      queryParam('scope', 'global (default), local or others', {
        type: 'string',
        enum: ['global', 'local', 'others'],
      }),
    ],
    returns: 'nothing (204)',
    status: 204,
  },
  {
    method: 'get',
    path: '/auth/v1/authorize',
    summary: 'Social sign-in: 302 to the provider',
    tag: 'Auth',
    security: ['none'],
    params: [{ ...queryParam('provider', 'A configured provider'), required: true }, redirectTo],
    returns: 'a redirect (302)',
    status: 302,
  },
  {
    method: 'get',
    path: '/auth/v1/callback',
    summary: "The provider's return: 302 on to redirect_to",
    tag: 'Auth',
    security: ['none'],
    params: [queryParam('code', 'From the provider'), queryParam('state', 'From /authorize')],
    returns: 'a redirect (302)',
    status: 302,
  },
  {
    method: 'get',
    path: '/auth/v1/.well-known/jwks.json',
    summary: 'The public keys access tokens are signed with (ES256)',
    tag: 'Auth',
    security: ['none'],
  },
  {
    method: 'get',
    path: '/auth/v1/settings',
    summary: 'Which sign-in methods are enabled',
    tag: 'Auth',
    security: ['none'],
  },
  {
    method: 'get',
    path: '/auth/v1/health',
    summary: 'The auth server answers',
    tag: 'Auth',
    security: ['none'],
  },
  {
    method: 'get',
    path: '/auth/v1/dev/outbox',
    summary:
      'Development only: sign-in mail, to requests from this machine (404 otherwise, with SMTP, in production)',
    tag: 'Auth',
    security: ['none'],
    params: [queryParam('to', 'Only mail to this address')],
  },
]
