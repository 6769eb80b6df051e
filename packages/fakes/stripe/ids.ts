import { randomBytes } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Random base62 text; rejection sampling keeps every character equally likely. */
export function randomToken(length: number, alphabet = ALPHABET): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length]
      if (out.length === length) break
    }
  }
  return out
}

/** Stripe-looking ids: `cus_1Q…`, `sub_1Q…`; the prefix is what clients recognise an object by. */
export function newId(prefix: string): string {
  return `${prefix}_1${randomToken(23)}`
}

/** How Stripe echoes a key back in errors: prefix kept, the middle hidden, the last four shown. */
export function maskKey(key: string): string {
  const match = /^([a-z]+_(?:test|live)_)/.exec(key)
  const prefix = match?.[1] ?? ''
  return `${prefix}****${key.slice(-4)}`
}
