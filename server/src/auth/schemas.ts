import type { Context } from 'hono'
import { z } from 'zod'
import { badRequest, GoTrueError } from '../http/gotrue-error'
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/text-hygiene'

/**
 * Input schemas of /auth/v1, named after the fields supabase-js sends. Messages follow GoTrue's
 * wording where the client may show them. Unknown fields are ignored (GoTrue ignores them too, and
 * auth-js adds fields across versions), but every field we read is bounded.
 */

export const MESSAGES = {
  emailRequired: 'An email address is required',
  emailInvalid: 'Unable to validate email address: invalid format',
  pkceBoth: 'PKCE flow requires code_challenge_method and code_challenge',
  pkceMethod: 'code challenge method not supported',
  pkceChallenge: 'code challenge has to be between 43 and 128 characters',
  pkceEmpty: 'invalid request: both auth code and code verifier should be non-empty',
  refreshRequired: 'refresh_token required',
  metadataTooLarge: 'User metadata is too large',
  noPasswords: 'Passwords are not supported by this server: sign in with an e-mail link',
} as const

const PKCE_CHARS = /^[A-Za-z0-9\-._~]{43,128}$/

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(255, MESSAGES.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.emailInvalid }))

export const metadataSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 4096, MESSAGES.metadataTooLarge)

/** GoTrue's PKCE parameter rules, shared by /otp and /authorize: both or neither, S256 or plain. */
export function pkceIssue(
  challenge: string | null | undefined,
  method: string | null | undefined,
): string | null {
  if (!challenge && !method) return null
  if (!challenge || !method) return MESSAGES.pkceBoth
  if (!['s256', 'plain'].includes(method.toLowerCase())) return MESSAGES.pkceMethod
  if (!PKCE_CHARS.test(challenge)) return MESSAGES.pkceChallenge
  return null
}

/** POST /otp body (auth-js signInWithOtp with an email). */
export const otpBodySchema = z
  .object({
    email: emailSchema,
    data: metadataSchema.nullish(),
    create_user: z.boolean().nullish(),
    code_challenge: z.string().max(256).nullish(),
    code_challenge_method: z.string().max(16).nullish(),
  })
  .superRefine((body, ctx) => {
    const issue = pkceIssue(body.code_challenge, body.code_challenge_method)
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['code_challenge'] })
  })

/**
 * PUT /user body (auth-js updateUser): `data` merges into the user metadata (null removes a key), `email`
 * starts a change confirmed from the new address, with a PKCE challenge when the client uses PKCE.
 */
export const userUpdateBodySchema = z
  .object({
    email: emailSchema.nullish(),
    data: metadataSchema.nullish(),
    password: z.string().max(1000).nullish(),
    nonce: z.string().max(256).nullish(),
    code_challenge: z.string().max(256).nullish(),
    code_challenge_method: z.string().max(16).nullish(),
  })
  .superRefine((body, ctx) => {
    const issue = pkceIssue(body.code_challenge, body.code_challenge_method)
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['code_challenge'] })
  })

/** POST /token?grant_type=pkce body (auth-js exchangeCodeForSession). */
export const pkceGrantSchema = z.object({
  auth_code: z.string({ error: MESSAGES.pkceEmpty }).min(1, MESSAGES.pkceEmpty).max(256, MESSAGES.pkceEmpty),
  code_verifier: z
    .string({ error: MESSAGES.pkceEmpty })
    .min(1, MESSAGES.pkceEmpty)
    .max(256, MESSAGES.pkceEmpty),
})

/** POST /token?grant_type=refresh_token body (auth-js _refreshAccessToken). */
export const refreshGrantSchema = z.object({
  refresh_token: z
    .string({ error: MESSAGES.refreshRequired })
    .min(1, MESSAGES.refreshRequired)
    .max(256, 'Invalid Refresh Token: Refresh Token Not Found'),
})

/** GET /verify query. Errors here are answered as JSON (GoTrue validates before redirecting). */
export const verifyQuerySchema = z.object({
  token: z.string({ error: 'Verify requires a token' }).min(1, 'Verify requires a token').max(256),
  type: z.enum(['magiclink', 'signup', 'email_change'], { error: 'Unsupported verification type' }),
  redirect_to: z.string().max(2048).optional(),
})

export const logoutScopeSchema = z.enum(['global', 'local', 'others'], { error: 'Unsupported logout scope' })

/** GET /authorize query (auth-js signInWithOAuth builds it). */
export const authorizeQuerySchema = z.object({
  provider: z.string().max(64).optional(),
  redirect_to: z.string().max(2048).optional(),
  scopes: z
    .string()
    .max(500)
    .regex(/^[\w:./ -]*$/, 'Invalid scopes')
    .optional(),
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(16).optional(),
})

export const outboxQuerySchema = z.object({ to: emailSchema.optional() })

export function parseAuth<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw badRequest('validation_failed', result.error.issues[0]?.message ?? 'Invalid request')
}

/** Reads a JSON body the way GoTrue does: any content type, but it must parse as a JSON object. */
export async function readAuthBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    value = undefined
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new GoTrueError(400, 'bad_json', 'Could not parse request body as JSON')
  }
  const field = findUnstorableText(value)
  if (field !== null) throw badRequest('validation_failed', `${UNSTORABLE_TEXT_MESSAGE} (${field})`)
  return value
}
