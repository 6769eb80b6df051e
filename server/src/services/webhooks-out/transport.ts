import { request } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { rootCertificates } from 'node:tls'

/**
 * The default way a delivery reaches a merchant: HTTPS to the registered URL, connecting only to the
 * addresses the guard approved (handed to the socket as its DNS answer), so nothing resolves the name
 * again between the check and the connection. Redirects are not followed.
 *
 * `signal` is the attempt's one deadline (connect, TLS, sending, the answer's head): an idle timeout
 * would let a receiver that sends a byte every few seconds hold the attempt forever. Only the status
 * counts: once it is read the connection is dropped without reading the body, so an endless or huge
 * body costs nothing.
 */
export function postToPinnedAddresses(
  url: string,
  addresses: string[],
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
  extraCa?: string,
): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({ address, family: isIP(address) }))
    if (options.all) callback(null, entries)
    else callback(null, entries[0]?.address ?? '', entries[0]?.family ?? 4)
  }
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body), Connection: 'close' },
        lookup: pinned,
        agent: false,
        // `ca` replaces the default roots, so an extra authority comes with them, never instead.
        ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}),
      },
      (res) => {
        signal.removeEventListener('abort', abort)
        resolve(res.statusCode ?? 0)
        res.destroy()
      },
    )
    const abort = () => req.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'))
    if (signal.aborted) abort()
    else signal.addEventListener('abort', abort, { once: true })
    req.on('error', (error) => {
      signal.removeEventListener('abort', abort)
      reject(error)
    })
    req.end(body)
  })
}
