import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSecretBox } from './secret-box'
import { SignedLinkError, signLink, verifyLink } from './signed-links'

const secrets = createSecretBox(randomBytes(32))
const now = new Date('2026-11-28T12:00:00Z')
const inAnHour = new Date(now.getTime() + 3_600_000)

function failure(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (error instanceof SignedLinkError) return error.reason
    throw error
  }
  throw new Error('it verified')
}

describe('signed links', () => {
  it('carry their data for their purpose until they expire', () => {
    const token = signLink(secrets, 'card-update', { account: 'acct_1', invoice: 'in_9' }, inAnHour)
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    expect(verifyLink(secrets, 'card-update', token, now)).toEqual({ account: 'acct_1', invoice: 'in_9' })
    expect(failure(() => verifyLink(secrets, 'card-update', token, inAnHour))).toBe('expired')
  })

  it('are tampered when any character changes, when another key or purpose signed them, or the expiry was edited', () => {
    const token = signLink(secrets, 'card-update', { invoice: 'in_9' }, inAnHour)
    const [body = '', signature = ''] = token.split('.')
    for (let i = 0; i < token.length; i++) {
      if (token[i] === '.') continue
      const flipped = `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`
      expect(['tampered', 'malformed']).toContain(
        failure(() => verifyLink(secrets, 'card-update', flipped, now)),
      )
    }
    expect(failure(() => verifyLink(secrets, 'unsubscribe', token, now))).toBe('tampered')
    expect(failure(() => verifyLink(createSecretBox(randomBytes(32)), 'card-update', token, now))).toBe(
      'tampered',
    )
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString())
    const extended = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400 })).toString('base64url')
    expect(failure(() => verifyLink(secrets, 'card-update', `${extended}.${signature}`, inAnHour))).toBe(
      'tampered',
    )
  })

  it('have one spelling: a signature varied in the bits base64url leaves unused is tampered', () => {
    // 32 bytes are 43 base64url characters whose last carries two unused bits: a decoder that ignores
    // them would accept four spellings of one signature (and, by chance, a one-character edit of it).
    const token = signLink(secrets, 'card-update', { invoice: 'in_9' }, inAnHour)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const last = alphabet.indexOf(token.slice(-1))
    for (let unused = 1; unused < 4; unused++) {
      const variant = `${token.slice(0, -1)}${alphabet[last ^ unused]}`
      expect(failure(() => verifyLink(secrets, 'card-update', variant, now))).toBe('tampered')
    }
    expect(failure(() => verifyLink(secrets, 'card-update', `${token}=`, now))).toBe('tampered')
  })

  it('say plainly what is wrong, for a page to show', () => {
    expect(failure(() => verifyLink(secrets, 'card-update', 'nonsense', now))).toBe('malformed')
    expect(failure(() => verifyLink(secrets, 'card-update', 'a.b.c', now))).toBe('malformed')
    expect(new SignedLinkError('expired').message).toBe('This link has expired.')
    expect(new SignedLinkError('tampered').message).toMatch(/altered/)
    expect(() => signLink(secrets, 'Card Update!', {}, inAnHour)).toThrow('kebab-case')
  })

  it('use a key derived per purpose, never the encryption key itself', () => {
    const key = randomBytes(32)
    const box = createSecretBox(key)
    expect(box.deriveKey('signed-link:card-update')).toHaveLength(32)
    expect(box.deriveKey('signed-link:card-update').equals(key)).toBe(false)
    expect(box.deriveKey('signed-link:card-update').equals(box.deriveKey('signed-link:unsubscribe'))).toBe(
      false,
    )
  })
})
