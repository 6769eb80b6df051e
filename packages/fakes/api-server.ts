import { assertContractAnswer } from './api-contract'

/**
 * A stand-in for Retainkit's server at the browser's fetch boundary, for front-end tests: every request
 * is recorded (method, URL, path, query, headers, JSON body) and answered by the test's own routing.
 * Every successful JSON answer is checked against the shared response contract, so a canned answer the
 * real server could never give fails the test that uses it. Unrouted requests answer 404 in the
 * server's error shape.
 */

export interface RecordedRequest {
  method: string
  url: URL
  /** The URL's path, without the query. */
  path: string
  /** The URL's query parameters (the last value of a repeated one). */
  query: Record<string, string>
  headers: Headers
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown
  credentials: RequestInit['credentials']
}

export interface CannedAnswer {
  status?: number
  body?: unknown
  /** Raw text instead of JSON (not checked against the contract). */
  text?: string
}

/** How a test routes a request: a canned answer, a real Response, or undefined for "no such route". */
export type Router = (
  request: RecordedRequest,
) => CannedAnswer | Response | undefined | Promise<CannedAnswer | Response | undefined>

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** The server's error shape. */
export const failure = (
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): CannedAnswer => ({ status, body: { error: { code, message, ...extra } } })

function recordedRequest(input: string | URL | Request, init: RequestInit): RecordedRequest {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    credentials: init.credentials,
  }
}

export interface FakeApiServer {
  /** Every request, in order. */
  readonly requests: RecordedRequest[]
  /** A drop-in for the global fetch. */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>
}

export function createFakeApiServer(route: Router): FakeApiServer {
  const requests: RecordedRequest[] = []
  return {
    requests,
    async fetch(input, init = {}) {
      const request = recordedRequest(input, init)
      requests.push(request)
      const answer =
        (await route(request)) ??
        failure(404, 'NOT_FOUND', `No fake route for ${request.method} ${request.path}`)
      if (answer instanceof Response) return answer
      const status = answer.status ?? 200
      if (answer.text !== undefined) {
        return new Response(answer.text, { status, headers: { 'content-type': 'application/json' } })
      }
      assertContractAnswer(request.method, request.url, status, answer.body ?? null)
      return jsonResponse(answer.body ?? null, status)
    },
  }
}
