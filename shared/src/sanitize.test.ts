import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SANITIZED_MESSAGE, redactText, sanitizeMessage } from './sanitize'

/**
 * The test runs on Node, but this package is typed without Node (shared code must run anywhere), so
 * Node's CPU clock is reached through globalThis with just the shape used here.
 */
type CpuTime = { user: number; system: number }
const nodeProcess = (globalThis as unknown as { process: { cpuUsage(since?: CpuTime): CpuTime } }).process

const clean = (input: unknown) => sanitizeMessage(input)

describe('sanitizeMessage: defaults', () => {
  it("answers 'An unexpected error occurred.' for nullish, non-string and empty input", () => {
    for (const input of [
      undefined,
      null,
      42,
      true,
      {},
      ['x'],
      { message: 'x' },
      '',
      '   \n\t ',
      new Error(''),
    ]) {
      expect(clean(input), String(input)).toBe('An unexpected error occurred.')
    }
    expect(DEFAULT_SANITIZED_MESSAGE).toBe('An unexpected error occurred.')
  })

  it('answers the default when nothing but markup is left', () => {
    expect(clean('<div><script>steal()</script></div>')).toBe(DEFAULT_SANITIZED_MESSAGE)
  })

  it("uses an Error's message", () => {
    expect(clean(new TypeError('Cannot read properties of undefined'))).toBe(
      'Cannot read properties of undefined',
    )
  })

  it('leaves an ordinary sentence with prices, years, times and versions alone', () => {
    const sentence =
      'Basic plan at $14.99/month since 2025 (renews 2025-11-21 at 12:30:45, v2.1.0, order 1234).'
    expect(clean(sentence)).toBe(sentence)
  })

  it('collapses whitespace and trims', () => {
    expect(clean('  Payment\n\n failed\t\t for   plan \u00a0 Pro  ')).toBe('Payment failed for plan Pro')
  })
})

describe('sanitizeMessage: markup', () => {
  it('strips tags and keeps the text between them', () => {
    expect(clean('<p>Card <b>declined</b></p><br/>Try again')).toBe('Card declined Try again')
  })

  it('removes whole script and style blocks, comments included', () => {
    const out = clean(
      'Oops<script type="x">fetch("/steal?c="+document.cookie)</script><style>body{}</style><!-- a <b> -->!',
    )
    expect(out).toBe('Oops !')
  })

  it('drops everything after an unclosed script tag', () => {
    expect(clean('Error <SCRIPT src=//evil.test>alert(1)')).toBe('Error')
  })

  it('does not let removal splice a new script tag together', () => {
    expect(clean('<scr<script>x</script>ipt>alert(1)</scr<script></script>ipt>').toLowerCase()).not.toContain(
      '<script',
    )
  })
})

describe('sanitizeMessage: redactions', () => {
  it('redacts Stripe and other provider keys, but not an already masked key', () => {
    const out = clean(
      'Invalid API Key provided: sk_live_51H8xYzAbCdEfGhIjKlMnOp; test sk_test_4eC39HqLyjWDarjtT1zdp7dc, ' +
        'restricted rk_live_51AbCdEfGhIjKlMn, publishable pk_test_TYooMQauvdEDq54NiTphI7jx, ' +
        'webhook whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSz, AWS AKIAIOSFODNN7EXAMPLE, shown as sk_live_…4242',
    )
    expect(out).toBe(
      'Invalid API Key provided: [REDACTED_KEY]; test [REDACTED_KEY], restricted [REDACTED_KEY], ' +
        'publishable [REDACTED_KEY], webhook [REDACTED_KEY], AWS [REDACTED_KEY], shown as sk_live_…4242',
    )
  })

  it('redacts JWTs, bearer tokens and authorization headers', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjdXNfMTIzIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'
    expect(clean(`subscriber token ${jwt} expired`)).toBe('subscriber token [REDACTED_TOKEN] expired')
    expect(clean('sent bearer q8Zr2mXk9pLw4vTn')).toBe('sent bearer [REDACTED_TOKEN]')
    expect(clean('Authorization: Basic dXNlcjpwYXNz, x-api-key: rk_key_0123')).toBe(
      'Authorization: [REDACTED_SECRET], x-api-key: [REDACTED_SECRET]',
    )
  })

  it('redacts long random tokens but keeps long words, identifiers and UUIDs', () => {
    const out = clean(
      'key 4f3a2b1c9d8e7f6a5b4c3d2e1f0a9b8c and aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgHiJ and ' +
        'handleSubscriptionCancellationRequest in request 123e4567-e89b-12d3-a456-426614174000',
    )
    expect(out).toBe(
      'key [REDACTED_TOKEN] and [REDACTED_TOKEN] and handleSubscriptionCancellationRequest in request 123e4567-e89b-12d3-a456-426614174000',
    )
  })

  it('redacts secrets assigned by name, in query strings, JSON and cookies', () => {
    expect(clean('login password=hunter2&user=bob')).toBe('login password=[REDACTED_SECRET]&user=bob')
    expect(clean('GET /cb?access_token=ya29.a0Af&page=2')).toBe(
      'GET /cb?access_token=[REDACTED_SECRET]&page=2',
    )
    expect(clean('{"client_secret": "abc123", "plan": "pro"}')).toBe(
      '{"client_secret": "[REDACTED_SECRET]", "plan": "pro"}',
    )
    expect(clean('Cookie: sb-access=xyz; theme=dark')).toBe('Cookie: [REDACTED_SECRET]')
  })

  it('redacts connection strings whole, credentials and all', () => {
    const out = clean(
      'tried postgres://rk:s3cret@db.internal:5432/retainkit, mysql://root@10.0.0.2/app, ' +
        'mongodb+srv://u:p@cluster0.ab1cd.mongodb.net/db?retryWrites=true, redis://:pw@cache:6379/0 ' +
        'and smtp://mailer:hunter2@smtp.example.com:587 but https://api.stripe.com/v1/customers is fine',
    )
    expect(out).toBe(
      'tried [REDACTED_CONNECTION] [REDACTED_CONNECTION] [REDACTED_CONNECTION] [REDACTED_CONNECTION] ' +
        'and [REDACTED_CONNECTION] but https://api.stripe.com/v1/customers is fine',
    )
  })

  it('redacts file paths but keeps API routes', () => {
    const out = clean(
      "ENOENT: open '/home/deploy/.env'; also /var/lib/pg/data, /usr/local/bin/node, ~/.ssh/id_rsa, " +
        'C:\\Users\\jane\\app\\config.json and \\\\fileserver\\share\\dump.sql after GET /api/account?action=data',
    )
    expect(out).toBe(
      "ENOENT: open '[REDACTED_PATH]'; also [REDACTED_PATH], [REDACTED_PATH], [REDACTED_PATH], " +
        '[REDACTED_PATH] and [REDACTED_PATH] after GET /api/account?action=data',
    )
  })

  it('redacts e-mail addresses', () => {
    expect(clean('No account for jane.doe+billing@example.co.uk (or J_Smith@mail.retainkit.io).')).toBe(
      'No account for [REDACTED_EMAIL] (or [REDACTED_EMAIL]).',
    )
  })

  it('redacts IPv4 and IPv6 addresses', () => {
    const out = clean('from 192.168.1.20:5432, 2001:db8:85a3::8a2e:370:7334, [::1]:8787 and ::ffff:10.0.0.1')
    expect(out).toBe('from [REDACTED_IP]:5432, [REDACTED_IP], [[REDACTED_IP]]:8787 and [REDACTED_IP]')
  })

  it('redacts card-like numbers with or without separators', () => {
    expect(
      clean('cards 4242 4242 4242 4242, 4000-0566-5566-5556, 378282246310005 and 6011111111111117'),
    ).toBe('cards [REDACTED_CARD], [REDACTED_CARD], [REDACTED_CARD] and [REDACTED_CARD]')
  })

  it('redacts SSN-like numbers, even right after a card number', () => {
    expect(clean('ssn 123-45-6789 on file')).toBe('ssn [REDACTED_SSN] on file')
    expect(clean('4242 4242 4242 4242 123-45-6789')).toBe('[REDACTED_CARD] [REDACTED_SSN]')
  })

  it('takes the whole digit run, never leaving part of a card behind', () => {
    expect(clean('ref 12345 6 4242 4242 4242 4242')).toBe('ref [REDACTED_CARD]')
    expect(clean('4242 4242 4242 4242 5555 5555 5555 4444 end')).toBe('[REDACTED_CARD] end')
  })

  it('keeps digit runs that cannot be card numbers: ids, timestamps, references', () => {
    // A 13-digit millisecond timestamp passes Luhn here, but only Visa ever issued 13 digits (a leading 4).
    expect(clean('no account upgrade-1733256183042-ku4tte')).toBe('no account upgrade-1733256183042-ku4tte')
    expect(clean('order 12345678901234 shipped at 20241128153045')).toBe(
      'order 12345678901234 shipped at 20241128153045',
    )
    // One digit off a test card: not Luhn-valid, so not a card.
    expect(clean('ref 4242 4242 4242 4241')).toBe('ref 4242 4242 4242 4241')
    expect(clean('visa 4222222222222, amex 3782 822463 10005')).toBe(
      'visa [REDACTED_CARD], amex [REDACTED_CARD]',
    )
  })

  it('redacts stack traces from V8, Firefox and Safari', () => {
    const v8 = [
      'Error: Stripe request failed',
      '    at GatewayClient.cancel (/app/server/src/stripe/gateway.ts:88:13)',
      '    at async Promise.all (index 0)',
      '    at Object.<anonymous> (file:///app/server/dist/index.js:1:2)',
      '    at node:internal/process/task_queues:95:5',
    ].join('\n')
    expect(clean(v8)).toBe('Error: Stripe request failed [REDACTED_STACK]')
    expect(
      clean('boom\nsave@https://app.example.com/assets/index.js:12:5\n@https://app.example.com/x.js:1:1'),
    ).toBe('boom [REDACTED_STACK]')
  })

  it('keeps sentences that only look a little like frames', () => {
    const sentence = 'Try again at noon (12:30) or at least once (see docs).'
    expect(clean(sentence)).toBe(sentence)
  })

  it('drops control and zero-width characters, so they cannot hide a secret', () => {
    expect(clean('bad\u001b[31m input\u0000here')).toBe('bad[31m inputhere')
    expect(clean('<scr\u200bipt>alert(1)</script> ok')).toBe('ok')
    expect(clean('sk_live_\u200b4eC39HqLyjWDarjtT1zdp7dc')).not.toContain('4eC39HqLyjWDarjtT1zdp7dc')
  })

  it('redacts a connection string before its user:pass@host can pass for an e-mail', () => {
    expect(clean('db postgres://admin:pw@db.example.com/rk')).toBe('db [REDACTED_CONNECTION]')
  })
})

describe('sanitizeMessage: length', () => {
  it('truncates to 500 characters for logs and 200 for users, marking the cut', () => {
    const long = 'word '.repeat(300)
    const log = clean(long)
    const user = sanitizeMessage(long, { audience: 'user' })
    expect(log.length).toBeLessThanOrEqual(500)
    expect(log.length).toBeGreaterThan(470)
    expect(user.length).toBeLessThanOrEqual(200)
    expect(user.length).toBeGreaterThan(170)
    expect(log.endsWith('word…')).toBe(true)
    expect(user.endsWith('word…')).toBe(true)
  })

  it('never cuts a redaction marker in half', () => {
    for (let padding = 170; padding < 200; padding++) {
      // Glued to a long word, so stepping back to a space cannot rescue the cut.
      const out = sanitizeMessage(`${'x'.repeat(padding)}(jane@example.com)more`, { audience: 'user' })
      expect(out.length).toBeLessThanOrEqual(200)
      expect(out.replace(/\[REDACTED_EMAIL\]/g, '')).not.toMatch(/\[REDACTED|REDACTED_|@example/)
    }
  })

  it('accepts a tighter limit but never a looser one', () => {
    expect(sanitizeMessage('abc '.repeat(100), { maxLength: 60 }).length).toBeLessThanOrEqual(60)
    expect(
      sanitizeMessage('abc '.repeat(100), { audience: 'user', maxLength: 400 }).length,
    ).toBeLessThanOrEqual(200)
  })

  it('does not split a surrogate pair at the cut', () => {
    const out = sanitizeMessage('😀'.repeat(300), { audience: 'user' })
    expect(out.length).toBeLessThanOrEqual(200)
    expect(out).toMatch(/^(?:😀)+…$/u)
  })

  it('redactText returns an empty string rather than the default', () => {
    expect(redactText('<b></b>')).toBe('')
    expect(redactText('call jane@example.com', 60)).toBe('call [REDACTED_EMAIL]')
  })
})

describe('sanitizeMessage: hostile input', () => {
  const MB = 1_048_576
  const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB)

  it.each([
    ['unclosed script tags', fill('<script>')],
    ['unclosed tags', fill('<a ')],
    ['one endless word', fill('a')],
    ['many short words', fill('ab ')],
    ['near-frames', fill('at x (')],
    ['near-e-mails', fill('a@')],
    ['endless domain', `a@${fill('a.')}`],
    ['colons', fill('ab:cd::')],
    ['spaced digits', fill('1 ')],
    ['dashed digits', fill('3-')],
    ['dotted digits', fill('1.1.1.')],
    ['unclosed quoted secrets', fill('password="')],
    ['key prefixes', fill('sk_live_')],
    ['private key headers', fill('-----BEGIN RSA PRIVATE KEY-----')],
    ['firefox frames', fill('a@/x:1:1\n')],
  ])('sanitizes 1 MB of %s in linear time (under 2 s of CPU)', (_name, input) => {
    // A guard against catastrophic backtracking, not a speed check: a linear pass over 1 MB takes about
    // 100 ms of CPU, a quadratic one minutes. CPU time, not wall time, so a loaded CI machine sharing
    // its cores with other suites does not fail it.
    const started = nodeProcess.cpuUsage()
    const out = sanitizeMessage(input)
    const spent = nodeProcess.cpuUsage(started)
    expect((spent.user + spent.system) / 1000).toBeLessThan(2000)
    expect(out.length).toBeLessThanOrEqual(500)
  })

  it('cuts input beyond 1 MiB without leaving a half token', () => {
    const input = `${'<br>'.repeat(MB / 4 - 2)} sk_live_4eC39HqLyjWDarjtT1zdp7dc`
    expect(clean(input)).toBe(DEFAULT_SANITIZED_MESSAGE)
  })
})

// --- properties ---------------------------------------------------------------------------------------

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789']
const BASE64URL = [...ALNUM, '-', '_']
const HOSTILE_PIECES = ['<', '>', '<script', '</script>', '<SCRIPT>', 'script', '<scr', 'ipt>', '<!--', '-->']
const TEXT_PIECES = [
  ...HOSTILE_PIECES,
  ' ',
  '\n',
  'a',
  '1',
  '-',
  '.',
  ':',
  '@',
  '/',
  '"',
  '=',
  'at ',
  '(',
  ')',
]

const anyText = fc.oneof(
  fc.string({ maxLength: 700 }),
  fc.string({ unit: 'binary', maxLength: 700 }),
  fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 300 }).map((pieces) => pieces.join('')),
)
const textOf = (alphabet: string[], minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })

const stripeKey = fc
  .tuple(
    fc.constantFrom('sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'pk_live_', 'whsec_'),
    textOf(ALNUM, 24, 99),
  )
  .map(([prefix, body]) => ({ secret: prefix + body, middle: body.slice(4, 20) }))
const jwt = fc.tuple(textOf(BASE64URL, 10, 80), textOf(BASE64URL, 43, 43)).map(([payload, signature]) => ({
  secret: `eyJhbGciOiJIUzI1NiJ9.eyJ${payload}.${signature}`,
  middle: signature.slice(10, 30),
}))
const email = fc
  .tuple(
    textOf([...'abcdefghijklmnopqrstuvwxyz0123456789'], 8, 30),
    fc.constantFrom('example.com', 'mail.co.uk'),
  )
  .map(([local, domain]) => ({ secret: `${local}@${domain}`, middle: local }))
/** Appends the Luhn check digit: what makes a run of digits a card number. */
function withLuhnCheck(body: number[]): number[] {
  const sum = body
    .toReversed()
    .reduce(
      (total, digit, i) => total + (i % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
      0,
    )
  return [...body, (10 - (sum % 10)) % 10]
}
const card = fc
  .tuple(
    fc.integer({ min: 2, max: 6 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }),
    fc.constantFrom('', ' ', '-'),
  )
  .map(([first, rest, separator]) => {
    const digits = withLuhnCheck([first, ...rest])
    const groups = [0, 4, 8, 12].map((start) => digits.slice(start, start + 4).join(''))
    return { secret: groups.join(separator), middle: groups.slice(1, 3).join(separator) }
  })

describe('sanitizeMessage: properties', () => {
  it('never exceeds 500 characters, or 200 for users', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(sanitizeMessage(text).length).toBeLessThanOrEqual(500)
        expect(sanitizeMessage(text, { audience: 'user' }).length).toBeLessThanOrEqual(200)
      }),
      { numRuns: 300 },
    )
  })

  it.each([
    ['secret key', stripeKey],
    ['JWT', jwt],
    ['e-mail address', email],
    ['card number', card],
  ])('never lets a planted %s survive, whole or in part', (_name, plantedSecret) => {
    fc.assert(
      fc.property(anyText, plantedSecret, anyText, (before, { secret, middle }, after) => {
        // Only a secret that the surrounding text does not already spell out can be checked for.
        fc.pre(!`${before} ${after}`.includes(middle))
        for (const audience of ['log', 'user'] as const) {
          const out = sanitizeMessage(`${before} ${secret} ${after}`, { audience })
          expect(out).not.toContain(secret)
          expect(out).not.toContain(middle)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('never outputs a script tag', () => {
    const tagSoup = fc.array(fc.constantFrom(...HOSTILE_PIECES, ' ', 'x', '\u0000', '\u200b'), {
      maxLength: 60,
    })
    fc.assert(
      fc.property(
        fc.oneof(
          anyText,
          tagSoup.map((pieces) => pieces.join('')),
        ),
        (text) => {
          expect(sanitizeMessage(text).toLowerCase()).not.toContain('<script')
        },
      ),
      { numRuns: 500 },
    )
  })

  it('is idempotent: sanitizing twice changes nothing', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('log' as const, 'user' as const), (text, audience) => {
        const once = sanitizeMessage(text, { audience })
        expect(sanitizeMessage(once, { audience })).toBe(once)
      }),
      { numRuns: 300 },
    )
  })
})
