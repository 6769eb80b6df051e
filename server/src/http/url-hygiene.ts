import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env'
import { badRequest, goTrueErrorResponse } from './gotrue-error'
import { HttpError } from './http-error'
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text-hygiene'

export const MALFORMED_URL_MESSAGE = 'Malformed percent-encoding in the URL'

export type UrlProblem = { kind: 'encoding' } | { kind: 'text'; field: string } | null

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part)
  } catch {
    return null
  }
}

/**
 * What is wrong with a request URL, if anything: a percent-escape that does not decode to UTF-8 (`%ff`,
 * a truncated `%E0%A4%A`, an encoded surrogate), or a decoded NUL in the path or a query value.
 * Only escapes can smuggle either in, so a URL without `%` is clean without further work.
 */
export function urlProblem(url: string): UrlProblem {
  if (!url.includes('%')) return null
  const { pathname, search } = new URL(url)
  const path = decode(pathname)
  if (path === null) return { kind: 'encoding' }
  if (!isStorableText(path)) return { kind: 'text', field: 'path' }
  for (const pair of search.slice(1).split('&')) {
    if (pair === '') continue
    const equals = pair.indexOf('=')
    const name = decode((equals < 0 ? pair : pair.slice(0, equals)).replaceAll('+', ' '))
    const value = equals < 0 ? '' : decode(pair.slice(equals + 1).replaceAll('+', ' '))
    if (name === null || value === null) return { kind: 'encoding' }
    if (!isStorableText(name) || !isStorableText(value)) return { kind: 'text', field: name }
  }
  return null
}

/**
 * Refuses such URLs with 400 before any route reads them (in the auth server's error shape under
 * /auth/v1, its clients' format), so no handler ever sees text it could not store or decode.
 */
export function urlHygiene(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const problem = urlProblem(c.req.url)
    if (problem === null) return next()
    const message = problem.kind === 'encoding' ? MALFORMED_URL_MESSAGE : UNSTORABLE_TEXT_MESSAGE
    if (c.req.path.startsWith('/auth/v1/')) {
      const field = problem.kind === 'text' ? ` (${problem.field})` : ''
      return goTrueErrorResponse(c, badRequest('validation_failed', `${message}${field}`))
    }
    if (problem.kind === 'encoding') throw new HttpError('INVALID_INPUT', message)
    throw new HttpError('VALIDATION_FAILED', message, problem.field, [{ field: problem.field, message }])
  }
}
