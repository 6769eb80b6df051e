import { WEBHOOK_SIGNATURE_HEADER } from '@retainkit/shared/webhooks'
import type { AppDeps } from '../../deps'
import { allowedAddressesOf, hostOf, systemResolver } from './address-guard'
import { signatureHeader } from './signing'
import { postToPinnedAddresses } from './transport'

/** What one attempt came to: the receiver's status (null: no answer) and, unless a 2xx, why it failed. */
export type Outcome = { status: number | null; error: string | null }

const deadlineMessage = (ms: number) => `no complete answer within ${ms / 1000} s`

/** Rejects when `signal` aborts, whatever `promise` does: nothing outlives the attempt's deadline. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * One signed POST of `body` to `url`, all of it — the address check, connecting, sending, the answer's
 * status — within `deadlineMs`. The answer's body is never read.
 */
export async function sendOnce(
  deps: AppDeps,
  endpoint: { url: string; secret: string },
  body: string,
  deadlineMs: number,
): Promise<Outcome> {
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000)
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Retainkit-Webhooks/1.0',
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error(deadlineMessage(deadlineMs))), deadlineMs)
  // The connection keeps the process alive while it matters; the timer alone need not.
  timer.unref()
  const { signal } = controller
  try {
    // Checked at every attempt, not only when the endpoint was added: the name may point elsewhere now.
    const addresses = await beforeDeadline(
      allowedAddressesOf(
        hostOf(new URL(endpoint.url)),
        deps.webhookResolver ?? systemResolver,
        deps.config.webhooksAllowLoopback,
      ),
      signal,
    )
    const status = deps.webhookFetch
      ? await beforeDeadline(
          deps
            .webhookFetch(endpoint.url, { method: 'POST', headers, body, redirect: 'manual', signal })
            .then((response) => {
              void response.body?.cancel().catch(() => undefined)
              return response.status
            }),
          signal,
        )
      : await postToPinnedAddresses(endpoint.url, addresses, headers, body, signal, deps.webhookExtraCa)
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` }
  } catch (error) {
    const reason = signal.aborted ? signal.reason : error
    return { status: null, error: reason instanceof Error ? reason.message.slice(0, 300) : String(reason) }
  } finally {
    clearTimeout(timer)
  }
}
