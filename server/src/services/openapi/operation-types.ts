import type { z } from 'zod'

/** One call of the API, described once (request schemas are the ones the routes validate with). */
export type Security = 'apiKey' | 'bearer' | 'subscriber' | 'admin' | 'none'

export interface QueryParam {
  name: string
  in: 'query' | 'path' | 'header'
  required?: boolean
  description: string
  schema?: Record<string, unknown>
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete'
  /** The path; a fixed query parameter (`?action=config`) makes a call of its own. */
  path: string
  summary: string
  tag:
    | 'Session'
    | 'Account'
    | 'Analytics'
    | 'Evidence'
    | 'Stripe'
    | 'Billing'
    | 'Recovery'
    | 'Public'
    | 'Widget'
    | 'Platform'
    | 'Auth'
    | 'Admin'
  security: Security[]
  params?: QueryParam[]
  body?: z.ZodType
  /** Whether the body may be left out (`{}` is assumed). */
  bodyOptional?: boolean
  /** The success body, from the shared contract; null when the success answer has none (204, redirects). */
  response: z.ZodType | null
  /** A text media type the call may answer with instead of JSON (the body is then a string). */
  textContent?: 'text/csv'
  /**
   * What success means, in words, only where the response schema cannot say it (a redirect, no body,
   * a call that never succeeds): the shape of a JSON answer is the contract's schema, never prose.
   */
  returns?: string
  status?: number
  /** Other answers worth documenting besides the common errors. */
  otherResponses?: Record<string, string>
}

/** An operation as its file describes it: the response comes from the shared contract. */
export type OperationSpec = Omit<Operation, 'response'>

export const accountIdQuery: QueryParam = {
  name: 'accountId',
  in: 'query',
  required: true,
  description: 'Account ID: 1–100 letters, digits, hyphens or underscores',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
}
export const pathAccountId: QueryParam = { ...accountIdQuery, in: 'path', name: 'accountId' }
export const merchant: Security[] = ['apiKey', 'bearer']

export const queryParam = (
  name: string,
  description: string,
  schema: Record<string, unknown> = { type: 'string' },
): QueryParam => ({
  name,
  in: 'query',
  description,
  schema,
})
