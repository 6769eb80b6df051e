import { API_RESPONSES, type ApiCall } from '@retainkit/shared/api'

/**
 * The front-end fakes of the server (api-server.ts) answer only what the real server may: every successful JSON answer a
 * fake gives is parsed with the shared response contract (the schemas the server's handlers are typed
 * by), so a canned answer that drifts from the server fails the test that uses it.
 */

const CALLS = Object.keys(API_RESPONSES).map((call) => {
  const [method = '', target = ''] = call.split(' ')
  const [path = '', fixed = ''] = target.split('?')
  const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
  return { call: call as ApiCall, method, pattern, fixed: new URLSearchParams(fixed) }
})

/** The contract entry of a request, if the server has such a call. */
export function contractCallOf(method: string, url: URL): ApiCall | undefined {
  return CALLS.find(
    (entry) =>
      entry.method === method.toUpperCase() &&
      entry.pattern.test(url.pathname) &&
      [...entry.fixed].every(([name, value]) => url.searchParams.get(name) === value),
  )?.call
}

/** Throws when a fake's successful answer is not one the server could send. */
export function assertContractAnswer(method: string, url: URL, status: number, body: unknown): void {
  if (status < 200 || status >= 300) return
  const call = contractCallOf(method, url)
  const schema = call ? API_RESPONSES[call] : undefined
  if (!call) throw new Error(`The fake answers ${method} ${url.pathname}, which the server does not serve`)
  if (!schema) return
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new Error(
      `The fake's answer to ${call} breaks the shared contract: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`,
    )
  }
}
