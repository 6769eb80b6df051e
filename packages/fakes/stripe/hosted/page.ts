import type { FormObject } from '../form-codec'
import type { RouteContext } from '../router'
import { htmlDocument } from './html'

// What every hosted page is made of (its context and its answer); a leaf the pages and the index
// that routes to them share.

export interface HostedResult {
  status: number
  headers: Record<string, string>
  body: string
  /** The account the page belongs to, for the request log. */
  accountId: string | null
}

/** What a page handler gets: the account's state and clock, `emit`, and the request's form or query. */
export interface PageContext extends RouteContext {
  method: 'GET' | 'POST'
  form: FormObject
  query: FormObject
}

export type PageHandler = (ctx: PageContext, id: string) => HostedResult

export function htmlResult(
  title: string,
  content: string,
  status = 200,
  accountId: string | null = null,
): HostedResult {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: htmlDocument(title, content),
    accountId,
  }
}

export function redirectResult(location: string, accountId: string): HostedResult {
  return { status: 303, headers: { Location: location }, body: '', accountId }
}
