import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/support/harness'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

interface ErrorBody {
  error: { code: string; message: string; field?: string }
}
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error

// Each test sends from its own address so the per-address limit of one test does not leak into another.
let nextAddress = 1
const newAddress = () => `203.0.113.${nextAddress++}`

const send = (path: string, body: unknown, address: string, init: { apiKey?: string | null } = {}) =>
  t.request(path, { method: 'POST', body, peer: address, ...init })

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@analytical.example',
  message: 'We would like a demo of the cancel flow builder.',
}

const contactCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('contact_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
const waitlistRows = async (email: string) =>
  t.deps.db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).execute()

describe('POST /api/contact', () => {
  it('stores the message and signals success at the top level and inside data, without a bearer token', async () => {
    const res = await send('/api/contact', { ...MESSAGE, company: 'Analytical Engines' }, newAddress())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { success: true } })
    const row = await t.deps.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('email', '=', MESSAGE.email)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ ...MESSAGE, company: 'Analytical Engines' })
  })

  it('keeps the sender and the message out of the logs', async () => {
    const secretish = 'Please call me on my private line about churn, thanks.'
    await send(
      '/api/contact',
      { ...MESSAGE, email: 'private.person@example.com', message: secretish },
      newAddress(),
    )
    const log = t.logger.lines.join('\n')
    expect(log).toContain('contact message stored')
    expect(log).not.toContain('private.person')
    expect(log).not.toContain(secretish)
  })

  it('validates with the spec messages and stores nothing on failure', async () => {
    const address = newAddress()
    const before = await contactCount()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...MESSAGE, message: 'Too short' }, 'message', 'Message must be at least 10 characters'],
      [{ ...MESSAGE, message: 'm'.repeat(1001) }, 'message', 'Message too long'],
      [{ ...MESSAGE, name: '' }, 'name', 'Name is required'],
      [{ ...MESSAGE, name: 'n'.repeat(101) }, 'name', 'Name too long'],
      [{ ...MESSAGE, email: 'not-an-email' }, 'email', 'Invalid email format'],
      [{ ...MESSAGE, company: 'c'.repeat(101) }, 'company', 'Company name too long'],
    ]
    for (const [i, [body, field, message]] of cases.entries()) {
      // Five a window per address: spread the cases over two.
      const res = await send('/api/contact', body, i < 4 ? address : newAddress())
      expect(res.status, message).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', field, message })
    }
    expect(await contactCount()).toBe(before)
  })

  it('answers a filled honeypot with the same success and stores nothing', async () => {
    const before = await contactCount()
    const res = await send('/api/contact', { ...MESSAGE, website: 'http://spam.example' }, newAddress())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, data: { success: true } })
    expect(await contactCount()).toBe(before)
  })

  it('allows 5 an hour per client address, then 429 with Retry-After, and again in the next window', async () => {
    t.clock.set('2026-06-15T12:00:00.000Z')
    const address = newAddress()
    for (let i = 0; i < 5; i++) expect((await send('/api/contact', MESSAGE, address)).status).toBe(200)
    const limited = await send('/api/contact', MESSAGE, address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3600')
    expect(await errorOf(limited)).toEqual({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many requests. Please wait a moment and try again.',
    })
    // Another address is counted on its own; the waitlist too.
    expect((await send('/api/contact', MESSAGE, newAddress())).status).toBe(200)
    expect((await send('/api/waitlist', { email: 'other-form@example.com' }, address)).status).toBe(200)
    t.clock.advance(45 * 60 * 1000)
    const later = await send('/api/contact', MESSAGE, address)
    expect(later.status).toBe(429)
    expect(later.headers.get('retry-after')).toBe('900')
    t.clock.advance(15 * 60 * 1000)
    expect((await send('/api/contact', MESSAGE, address)).status).toBe(200)
  })

  it('needs the API key (401) and answers malformed JSON with 400 and an oversized body with 413', async () => {
    for (const apiKey of [null, 'wrong-key-wrong-key-wrong-key-wrong']) {
      expect((await send('/api/contact', MESSAGE, newAddress(), { apiKey })).status).toBe(401)
    }
    const malformed = await t.request('/api/contact', {
      method: 'POST',
      rawBody: '{"name":',
      peer: newAddress(),
    })
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe('Request body must be valid JSON')
    const huge = await send('/api/contact', { ...MESSAGE, message: 'x'.repeat(200 * 1024) }, newAddress())
    expect(huge.status).toBe(413)
  })
})

describe('POST /api/waitlist', () => {
  it('stores one signup per address and product, answering success to a repeat', async () => {
    const address = newAddress()
    const first = await send('/api/waitlist', { email: 'Early.Bird@example.com' }, address)
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ success: true, data: { success: true } })
    const again = await send(
      '/api/waitlist',
      { email: 'early.bird@example.com', product: 'payment-recovery' },
      address,
    )
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ success: true, data: { success: true } })
    const rows = await waitlistRows('early.bird@example.com')
    expect(rows.map((r) => [r.email, r.product])).toEqual([['early.bird@example.com', 'payment-recovery']])
  })

  it('validates the address and the product, and ignores a filled honeypot', async () => {
    const bad = await send('/api/waitlist', { email: 'nope' }, newAddress())
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'email',
      message: 'Invalid email format',
    })
    const product = await send(
      '/api/waitlist',
      { email: 'p@example.com', product: 'time-machine' },
      newAddress(),
    )
    expect(product.status).toBe(400)
    expect((await errorOf(product)).field).toBe('product')
    const bot = await send('/api/waitlist', { email: 'bot@example.com', website: 'x' }, newAddress())
    expect(bot.status).toBe(200)
    expect(await waitlistRows('bot@example.com')).toEqual([])
  })

  it('is rate limited per client address (429 after 5 an hour)', async () => {
    const address = newAddress()
    for (let i = 0; i < 5; i++) {
      expect((await send('/api/waitlist', { email: `w${i}@example.com` }, address)).status).toBe(200)
    }
    const limited = await send('/api/waitlist', { email: 'w5@example.com' }, address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).not.toBeNull()
    expect(await waitlistRows('w5@example.com')).toEqual([])
  })

  it('needs the API key (401)', async () => {
    expect(
      (await send('/api/waitlist', { email: 'k@example.com' }, newAddress(), { apiKey: null })).status,
    ).toBe(401)
  })
})
