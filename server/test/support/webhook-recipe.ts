import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The verification recipe README.md documents, step by step, as a merchant would write it: split the
 * header, recompute the HMAC over "<t>.<raw body>", compare in constant time, refuse old timestamps.
 */
export function verifyRetainkitSignature(
  rawBody: string,
  header: string,
  secret: string,
  nowSeconds: number,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]))
  const timestamp = Number(parts.t)
  const given = Buffer.from(parts.v1 ?? '', 'hex')
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest()
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  return Math.abs(nowSeconds - timestamp) <= 300
}
