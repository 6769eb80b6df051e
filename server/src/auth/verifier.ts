import { createLocalJWKSet, createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose'
import { DatabaseUnavailableError } from '../db/errors'
import { HttpError } from '../http/http-error'
import type { SigningKeys } from './signing-keys'
import type { AuthUser, TokenVerifier } from './types'

function toUser(payload: JWTPayload): AuthUser {
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : ''
  if (!payload.sub || !email) throw new HttpError('UNAUTHORIZED', 'The access token has no user')
  return { id: payload.sub, email }
}

/**
 * Every access token must expire: one without `exp` could never be taken back (jose accepts it unless
 * told otherwise).
 */
const REQUIRED_CLAIMS = ['exp', 'sub']

function rethrow(error: unknown): never {
  // The keys could not be read: a database outage, not a bad token (the caller answers 503).
  if (error instanceof HttpError || error instanceof DatabaseUnavailableError) throw error
  if (error instanceof errors.JWTExpired) throw new HttpError('TOKEN_EXPIRED')
  throw new HttpError('UNAUTHORIZED', 'Invalid access token')
}

/** Embedded auth: tokens signed by our own ES256 keys (JWKS read from the database). */
export function createEmbeddedVerifier(keys: SigningKeys, issuer: string, clock: () => Date): TokenVerifier {
  return {
    async verify(token) {
      try {
        const jwks = createLocalJWKSet(await keys.jwks())
        const { payload } = await jwtVerify(token, jwks, {
          issuer,
          audience: 'authenticated',
          algorithms: ['ES256'],
          requiredClaims: REQUIRED_CLAIMS,
          currentDate: clock(),
        })
        return toUser(payload)
      } catch (error) {
        rethrow(error)
      }
    },
  }
}

/** A Supabase project: its JWKS (asymmetric keys) or, when configured, the legacy HS256 secret. */
export function createSupabaseVerifier(supabaseUrl: string, jwtSecret: string | null): TokenVerifier {
  const issuer = `${supabaseUrl}/auth/v1`
  const remote = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`))
  const secret = jwtSecret ? new TextEncoder().encode(jwtSecret) : null
  return {
    async verify(token) {
      try {
        const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
          alg?: string
        }
        const { payload } =
          header.alg === 'HS256' && secret
            ? await jwtVerify(token, secret, {
                issuer,
                audience: 'authenticated',
                algorithms: ['HS256'],
                requiredClaims: REQUIRED_CLAIMS,
              })
            : await jwtVerify(token, remote, {
                issuer,
                audience: 'authenticated',
                requiredClaims: REQUIRED_CLAIMS,
              })
        return toUser(payload)
      } catch (error) {
        rethrow(error)
      }
    },
  }
}
