import type { ApiData, ApiResponse, JsonApiCall } from '@retainkit/shared/api'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

type AllKeys<T> = T extends unknown ? keyof T : never
type PropOf<C, K> = C extends unknown ? (K extends keyof C ? C[K] : never) : never
/**
 * `T`, refusing fields its contract does not name, at any depth: structural typing alone would let a
 * handler send an extra field (a secret, a renamed one) unnoticed. The server suite also parses every
 * route's real answer with the closed schema.
 */
export type Exact<Contract, T> = T extends Date | string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer E)[]
    ? Contract extends readonly (infer CE)[]
      ? readonly Exact<CE, E>[]
      : T
    : T extends object
      ? {
          [K in keyof T]: K extends AllKeys<Contract> ? Exact<NonNullable<PropOf<Contract, K>>, T[K]> : never
        }
      : T

/** What a value becomes on the wire: `c.json` writes a `Date` as its ISO string. */
type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer E)[]
    ? Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T
/** `T` when it serialises to the contract (fields exact at the top), else the contract (a type error). */
type Conforming<Contract, T> = Wire<T> extends Contract ? Exact<Contract, T> : Contract & Exact<Contract, T>

/** The calls whose answer is `{data: …}` and nothing else beside it. */
type DataCall = {
  [K in JsonApiCall]: ApiResponse<K> extends { data: unknown }
    ? keyof ApiResponse<K> extends 'data'
      ? K
      : never
    : never
}[JsonApiCall]

/**
 * Every successful API answer is `{data: …}` (errors are `{error: …}`), so clients branch on one key.
 * `call` names the shared contract entry (`METHOD path`) the answer must match.
 */
export function ok<K extends DataCall, const T>(
  c: Context,
  _call: K,
  data: T & Conforming<ApiData<K>, T>,
  status: ContentfulStatusCode = 200,
): Response {
  c.header('Cache-Control', 'no-store')
  return c.json({ data }, status)
}

/** A whole answer of a call that has no `{data}` envelope (the widget's, the auth server's, health…). */
export function answer<K extends JsonApiCall, const T>(
  c: Context,
  _call: K,
  body: T & Conforming<ApiResponse<K>, T>,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  return c.json(body, status, headers)
}
