/**
 * Encryption of secrets at rest, as every floor of the server may take it (auth keeps its signing keys
 * and sessions with it): the interface only; `services/secret-box.ts` makes the AES-256-GCM box.
 */
export interface SecretBox {
  encrypt(plaintext: string): string
  decrypt(ciphertext: string): string
  /**
   * A 32-byte key for one purpose (HKDF-SHA256 of the secret key, `purpose` as its info): signed links
   * (signed-links.ts) get keys of their own, never the encryption key, and one purpose's key signs
   * nothing another accepts.
   */
  deriveKey(purpose: string): Buffer
}
