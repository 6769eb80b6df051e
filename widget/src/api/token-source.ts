import type { ReactivationOptions, TokenSource } from '../types'

export interface Tokens {
  /** Runs `call` with the subscriber token; on a 401 a `getToken` source is asked once more and retried. */
  use<T>(call: (token: string) => Promise<T>): Promise<T>
  get(): Promise<string>
}

/**
 * The merchant gives a token or a `getToken` function (tokens live 15 minutes by default, a flow can
 * outlast one). The token is only ever held in memory.
 */
export function createTokens(source: TokenSource | ReactivationOptions): Tokens {
  let cached: Promise<string> | undefined

  const get = () => {
    cached ??= Promise.resolve()
      .then(() => (source.getToken ? source.getToken() : source.token))
      .then((token) => {
        if (typeof token !== 'string' || token === '') throw new Error('no subscriber token')
        return token
      })
    cached.catch(() => {
      cached = undefined
    })
    return cached
  }

  return {
    get,
    async use(call) {
      try {
        return await call(await get())
      } catch (error) {
        // A 401 from the API (WidgetApiError): the token expired or was refused.
        if ((error as { status?: number } | null)?.status !== 401 || !source.getToken) throw error
        cached = undefined
        return call(await get())
      }
    },
  }
}

/**
 * The token's claims, read without verifying: only to choose the subscriber's language (`locale`).
 * Anything unreadable is no claims. No token yet (getToken's, while the first screen is drawn) is none
 * without an exception, whose stack trace V8 would build on the click's way to the dialog.
 */
export function tokenClaims(token: string): { locale?: unknown } {
  const payload = token.split('.')[1]
  try {
    return (payload && JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))) || {}
  } catch {
    return {}
  }
}
