import { request } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { rootCertificates } from 'node:tls'

/**
 * The default way a delivery reaches a merchant: HTTPS to the registered URL, connecting only to the
 * addresses the guard approved (handed to the socket as its DNS answer), so nothing resolves the name
 * again between the check and the connection. Redirects are not followed.
 */
export function postToPinnedAddresses(
  url: string,
  addresses: string[],
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
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
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup: pinned,
        timeout: timeoutMs,
        // `ca` replaces the default roots, so an extra authority comes with them, never instead.
        ...(extraCa ? { ca: [...rootCertificates, extraCa] } : {}),
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)))
    req.on('error', reject)
    req.end(body)
  })
}
