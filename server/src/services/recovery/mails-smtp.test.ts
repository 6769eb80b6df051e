import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/support/smtp-receiver'
import { enqueueMail } from '../mail/outbox'
import { RECOVERY_SAMPLES } from '../mail/templates/payment-recovery-samples'
import { createSmtpMailer } from '../mailer'
import { DAY, failingSubscriber, moveTo, pass, type RecoveryMerchant, recoveryMerchant } from './testing'

/**
 * Payment recovery's mails as a subscriber's mail server receives them, in English, French, German and
 * Spanish: the campaign's own mails (payment failed, reminder, final notice) from a real failed renewal
 * per language, and the receipt and card-expiring notice queued through the outbox; each one
 * multipart/alternative with a plain-text part carrying the card-update link, the HTML in the
 * subscriber's language, and no secret (the merchant's Stripe key, its widget secret, anything
 * key-shaped). On PGlite (`server`) and PostgreSQL (`server-pg`).
 */

const LOCALES = ['en', 'fr', 'de', 'es'] as const
const HOUR = 3_600
const KEY_SHAPED = /\b(?:sk|rk)_(?:live|test)_|whsec_|rkws_|BEGIN [A-Z ]*KEY/

let t: TestContext
let smtp: SmtpReceiver
let merchant: RecoveryMerchant
let widgetSecret: string

beforeAll(async () => {
  t = await createTestContext()
  smtp = await startSmtpReceiver()
  // Every mail of this file goes out through SMTP to the receiver.
  t.deps.mailer = createSmtpMailer(smtp.url, { timeoutMs: 5_000 })
  merchant = await recoveryMerchant(t)
  const created = await t.request(`/api/account?accountId=${merchant.accountId}&action=widget-secret`, {
    method: 'POST',
    token: merchant.token,
  })
  widgetSecret = ((await created.json()) as { data: { secret: string } }).data.secret
}, 60_000)
afterAll(async () => {
  await smtp?.close()
  await t?.close()
})

const receivedBy = (to: string) =>
  smtp.received.filter(({ parsed }) => parsed.to && !Array.isArray(parsed.to) && parsed.to.text === to)

function expectWellFormed(mail: SmtpReceiver['received'][number] | undefined, locale: string, label: string) {
  expect(mail?.raw, label).toMatch(/Content-Type: multipart\/alternative/i)
  expect(mail?.raw, label).toMatch(/Content-Type: text\/plain/i)
  expect(mail?.parsed.html, label).toContain(`<html lang="${locale}"`)
  expect((mail?.parsed.text ?? '').length, label).toBeGreaterThan(80)
  for (const secret of [merchant.secretKey, widgetSecret]) expect(mail?.raw, label).not.toContain(secret)
  expect(`${mail?.parsed.text}\n${mail?.parsed.html}\n${mail?.parsed.subject}`, label).not.toMatch(KEY_SHAPED)
}

describe('payment recovery mails over SMTP', () => {
  it('a failed renewal in each language: payment failed, reminder and final notice, each with a plain-text part and its link', async () => {
    const subscribers = []
    for (const locale of LOCALES)
      subscribers.push(
        await failingSubscriber(t, merchant, {
          declineCode: 'stolen_card',
          email: `${locale}@example.com`,
          locale,
        }),
      )
    const start = Math.max(...subscribers.map((sub) => sub.renewal))
    await moveTo(t, start)
    // Stripe's retries (days 1, 3 and 7) seen as they happen, then the schedule's reminder and final notice.
    for (const day of [1, 3, 7, 8, 10, 14, 19, 20, 21]) {
      await moveTo(t, start + day * DAY + 2 * HOUR)
      await pass(t)
    }
    const subjects: Record<string, string[]> = {}
    for (const locale of LOCALES) {
      const mails = receivedBy(`${locale}@example.com`)
      expect(
        mails.map((mail) => mail.parsed.subject),
        locale,
      ).toHaveLength(3)
      subjects[locale] = mails.map((mail) => mail.parsed.subject ?? '')
      for (const [index, mail] of mails.entries()) {
        const label = `${locale} mail ${index + 1}: ${mail.parsed.subject}`
        expectWellFormed(mail, locale, label)
        const link = /https?:\/\/\S+\/update-payment\/[\w.-]+/.exec(mail.parsed.text ?? '')?.[0]
        expect(link, label).toBeDefined()
        expect(mail.parsed.html, label).toContain(`href="${link}`)
      }
    }
    expect(subjects.en?.[0]).toBe('Your payment to Acme Cloud failed')
    // Each language its own words, never English with a French date.
    for (const locale of ['fr', 'de', 'es'] as const)
      for (const [index, subject] of (subjects[locale] ?? []).entries())
        expect(subject, locale).not.toBe(subjects.en?.[index])
  })

  it('the receipt and the card-expiring notice in each language, through the outbox', async () => {
    for (const locale of LOCALES)
      for (const kind of ['payment_recovered', 'card_expiring'] as const)
        await t.database.db.transaction().execute((trx) =>
          enqueueMail(trx, t.deps, {
            kind,
            to: `${kind}-${locale}@example.com`,
            accountId: merchant.accountId,
            locale,
            dedupeKey: `${kind}-${locale}`,
            params: RECOVERY_SAMPLES[kind],
          }),
        )
    await t.readOutbox()
    for (const locale of LOCALES) {
      const [receipt] = receivedBy(`payment_recovered-${locale}@example.com`)
      expectWellFormed(receipt, locale, `receipt ${locale}`)
      expect(receipt?.parsed.text, locale).toMatch(/49[.,]00/)
      const [expiring] = receivedBy(`card_expiring-${locale}@example.com`)
      expectWellFormed(expiring, locale, `card expiring ${locale}`)
      expect(expiring?.parsed.text, locale).toContain('4242')
      expect(expiring?.parsed.text, locale).toContain(
        (RECOVERY_SAMPLES.card_expiring as { link: string }).link,
      )
    }
  })
})
