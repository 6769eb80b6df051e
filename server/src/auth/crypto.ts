import { createHash, randomBytes } from 'node:crypto'
import { sameSecret } from '../http/same-secret'

/**
 * Secrets of the auth flow (one-time tokens, flow codes, refresh tokens, OAuth states) are random,
 * handed to the client once, and stored only as SHA-256 hashes: a database leak yields nothing that
 * signs anyone in.
 */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex')

/** GoTrue marks PKCE one-time tokens with this prefix, so /verify knows the flow even for an unknown token. */
export const PKCE_TOKEN_PREFIX = 'pkce_'

export const CODE_CHALLENGE_METHODS = ['s256', 'plain'] as const
export type CodeChallengeMethod = (typeof CODE_CHALLENGE_METHODS)[number]

/** RFC 7636: S256 is base64url(sha256(verifier)) without padding; plain is the verifier itself. */
export function verifierMatches(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  const computed =
    method === 's256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier
  return sameSecret(computed, challenge)
}
