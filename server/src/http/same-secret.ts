import { timingSafeEqual } from 'node:crypto'

/**
 * Whether a secret the caller sent (an API key, an admin or metrics token, a PKCE verifier) equals the
 * expected one, in time that does not depend on where they first differ: a byte-by-byte `===` would let
 * a caller find a key one character at a time. The lengths may be told apart; the keys' content may not.
 */
export function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given)
  const right = Buffer.from(expected)
  return left.length === right.length && timingSafeEqual(left, right)
}
