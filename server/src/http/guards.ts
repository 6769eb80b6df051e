import type { MiddlewareHandler } from 'hono'
import type { TokenVerifier } from '../ports/auth'
import type { AppEnv } from './app-env'
import { HttpError } from './http-error'
import { sameSecret } from './same-secret'

/** The API-key header: console and marketing calls to /api/* carry `x-api-key`. */
export function requireApiKey(apiKey: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = c.req.header('x-api-key')
    if (!sent || !sameSecret(sent, apiKey)) throw new HttpError('UNAUTHORIZED', 'Missing or invalid API key')
    await next()
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '')
  return match?.[1] ?? null
}

/** A signed-in user is required; their identity comes only from a verified bearer token. */
export function requireUser(verifier: TokenVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw new HttpError('UNAUTHORIZED')
    c.set('user', await verifier.verify(token))
    await next()
  }
}
