import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SecretBox } from '../ports/secret-box'

/**
 * AES-256-GCM encryption of secrets at rest (Stripe keys, OAuth tokens, widget secrets, auth signing
 * keys). Ciphertext format: `v1.<iv b64url>.<tag b64url>.<data b64url>`. The key never leaves memory and
 * is never logged; a database copied without the key yields nothing readable.
 */
export type { SecretBox } from '../ports/secret-box'

const VERSION = 'v1'

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes')
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(
        '.',
      )
    },
    decrypt(ciphertext) {
      const [version, iv, tag, data] = ciphertext.split('.')
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unrecognised ciphertext')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `retainkit:${purpose}`, 32))
    },
  }
}

/** The configured key, or one generated once into `DATA_DIR/secret.key` (mode 0600). */
export function loadOrCreateSecretKey(configured: Buffer | null, dataDir: string): Buffer {
  if (configured) return configured
  const file = join(dataDir, 'secret.key')
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`)
    return key
  }
  mkdirSync(dataDir, { recursive: true })
  const key = randomBytes(32)
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 })
  return key
}

/** `sk_live_…4242`: enough to recognise a key, never enough to use it. */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]+_(?:live|test)_/.exec(secret)?.[0] ?? secret.slice(0, 3)
  return `${prefix}…${secret.slice(-4)}`
}
