import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose'
import type { Kysely } from 'kysely'
import type { Database } from '../db/tables'
import type { SecretBox } from '../ports/secret-box'

/**
 * ES256 signing keys of the embedded auth server, persisted in the database (the private half encrypted)
 * so every instance and every restart issues and accepts the same tokens. Published at
 * /auth/v1/.well-known/jwks.json.
 */
export interface SigningKeys {
  kid: string
  sign(
    claims: Record<string, unknown>,
    options: { subject: string; expiresInSeconds: number; now: Date },
  ): Promise<string>
  jwks(): Promise<{ keys: JWK[] }>
}

export const ACCESS_TOKEN_ISSUER_PATH = '/auth/v1'

export async function loadOrCreateSigningKeys(
  db: Kysely<Database>,
  secrets: SecretBox,
  issuer: string,
): Promise<SigningKeys> {
  let row = await db
    .selectFrom('auth_signing_keys')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst()
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const kid = randomUUID()
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' }
    await db
      .insertInto('auth_signing_keys')
      .values({
        kid,
        private_jwk_ciphertext: secrets.encrypt(JSON.stringify(privateJwk)),
        public_jwk: JSON.stringify(publicJwk),
      })
      .onConflict((oc) => oc.doNothing())
      .execute()
    // Another instance may have won the race: use whichever key is now the newest.
    row = await db
      .selectFrom('auth_signing_keys')
      .selectAll()
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  }
  const current = row
  const privateKey = await importJWK(
    JSON.parse(secrets.decrypt(current.private_jwk_ciphertext)) as JWK,
    'ES256',
  )
  return {
    kid: current.kid,
    async sign(claims, { subject, expiresInSeconds, now }) {
      const iat = Math.floor(now.getTime() / 1000)
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: current.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setSubject(subject)
        .setAudience('authenticated')
        .setIssuedAt(iat)
        .setExpirationTime(iat + expiresInSeconds)
        .sign(privateKey)
    },
    async jwks() {
      const rows = await db.selectFrom('auth_signing_keys').select('public_jwk').execute()
      return { keys: rows.map((r) => r.public_jwk as unknown as JWK) }
    },
  }
}
