import { createHmac, timingSafeEqual } from 'node:crypto'
import type { SecretBox } from './secret-box'

/**
 * Signed, expiring tokens for links that grant something without a sign-in (a subscriber's no-login
 * card-update page, an unsubscribe link): `<payload>.<signature>`, both base64url. The payload is
 * `{ p: <purpose>, d: <data>, e: <expiry, Unix seconds> }`; the signature is HMAC-SHA256 under a key
 * derived for that purpose alone from the server's secret key (RETAINKIT_SECRET_KEY or
 * DATA_DIR/secret.key), checked in constant time. A token signed for one purpose never verifies for
 * another, and changing one character of it makes it `tampered` (the signature must be spelled
 * canonically); the expiry is checked only once the
 * signature holds, so a forged expiry is reported as tampered, not expired.
 *
 * The data is signed, not encrypted: put ids in it, never a secret. Keep links short-lived and let
 * the page they open re-check the state they act on (the invoice still unpaid, the customer still theirs).
 */

export type SignedLinkFailure = 'malformed' | 'tampered' | 'expired'

const FAILURE_MESSAGES: Record<SignedLinkFailure, string> = {
  malformed: 'This link is incomplete or not one of ours.',
  tampered: 'This link has been altered or was not issued for this page.',
  expired: 'This link has expired.',
}

export class SignedLinkError extends Error {
  override name = 'SignedLinkError'
  constructor(readonly reason: SignedLinkFailure) {
    super(FAILURE_MESSAGES[reason])
  }
}

/** Purposes are short fixed names (`card-update`), so a key per purpose can be derived and cached. */
const PURPOSE = /^[a-z][a-z0-9-]{1,39}$/
const keys = new WeakMap<SecretBox, Map<string, Buffer>>()

function keyFor(secrets: SecretBox, purpose: string): Buffer {
  if (!PURPOSE.test(purpose))
    throw new Error(`signed link purpose "${purpose}" must be a short kebab-case name`)
  const byPurpose = keys.get(secrets) ?? new Map<string, Buffer>()
  keys.set(secrets, byPurpose)
  const key = byPurpose.get(purpose) ?? secrets.deriveKey(`signed-link:${purpose}`)
  byPurpose.set(purpose, key)
  return key
}

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest()

/** A token carrying `data` for `purpose` until `expiresAt` (put it in a link's path or query). */
export function signLink(
  secrets: SecretBox,
  purpose: string,
  data: Record<string, string | number | boolean | null>,
  expiresAt: Date,
): string {
  const body = Buffer.from(
    JSON.stringify({ p: purpose, d: data, e: Math.floor(expiresAt.getTime() / 1000) }),
  ).toString('base64url')
  return `${body}.${mac(keyFor(secrets, purpose), body).toString('base64url')}`
}

/**
 * The data a token carries, if it was signed by this server for `purpose` and has not expired at
 * `now`; otherwise throws a SignedLinkError whose `reason` says which (`message` is fit to show).
 */
export function verifyLink(
  secrets: SecretBox,
  purpose: string,
  token: string,
  now: Date,
): Record<string, string | number | boolean | null> {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || token.length > 4096)
    throw new SignedLinkError('malformed')
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(keyFor(secrets, purpose), body)
  // Node's decoder ignores the last character's unused bits (and stray characters): only the one
  // canonical spelling of the signature verifies, so every edit of a token is detected.
  if (
    given.toString('base64url') !== signature ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw new SignedLinkError('tampered')
  let claims: { p?: unknown; d?: unknown; e?: unknown }
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    throw new SignedLinkError('malformed')
  }
  if (claims.p !== purpose || typeof claims.e !== 'number' || !claims.d || typeof claims.d !== 'object')
    throw new SignedLinkError('malformed')
  if (now.getTime() >= claims.e * 1000) throw new SignedLinkError('expired')
  return claims.d as Record<string, string | number | boolean | null>
}
