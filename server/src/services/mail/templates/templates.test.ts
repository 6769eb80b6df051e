import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { BUILT_IN_LOCALES } from '@retainkit/shared/i18n'
import { MAIL_KINDS } from '@retainkit/shared/mail-words'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestContext, type TestContext } from '../../../../test/support/harness'
import { renderMail } from '../render'
import { MAIL_TEMPLATES, type MailParams } from '.'
import { fill } from './layout'
import { RECOVERY_SAMPLES } from './payment-recovery-samples'
import { defineMailTemplate } from './types'

/**
 * Every kind in every built-in language, through the worker's own renderer: one language per mail
 * (the recipient's, else the account's default, else English), both parts, escaped, no secret, and
 * a merchant's name and colours on a merchant's mail.
 */

let t: TestContext
let accountId: string
beforeAll(async () => {
  t = await createTestContext()
  ;({ accountId } = await t.createAccount({ name: 'Zanzibar <b>& Co</b>' }))
})
afterAll(() => t.close())

const SAMPLE_PARAMS: { [K in (typeof MAIL_KINDS)[number]]: MailParams<K> } = {
  sign_in: { link: 'http://localhost:8787/auth/v1/verify?token=pkce_abc&type=signup' },
  email_change: {
    link: 'http://localhost:8787/auth/v1/verify?token=abc&type=email_change',
    email: 'new@example.com',
  },
  member_invitation: { email: 'casey@example.com', role: 'editor', days: 7 },
  usage_notice: { threshold: 100, sessions: 50, limit: 50, month: '2026-11' },
  cancellation_receipt: {
    reference: 'RK-1A2B3-C4D5E',
    kind: 'ordinary',
    plan: 'Pro',
    subscription_id: 'sub_123',
    received_at: '2026-11-28T14:05:00.000Z',
    ends_at: '2026-12-28T14:05:00.000Z',
    seal: 'a'.repeat(64),
  },
  ...RECOVERY_SAMPLES,
  trial_ending: { days_left: 3, ends_at: '2026-12-28T14:05:00.000Z', keeps_trial: true },
}

const render = (kind: string, locale: string | null, params: unknown, templates = MAIL_TEMPLATES) =>
  renderMail(t.deps, { kind, to: 'someone@example.com', accountId, locale, params }, templates)

let version = 1
/** Saves a new config version for the account (the newest is what mail reads). */
async function saveConfig(change: (config: CancelFlowConfig) => CancelFlowConfig) {
  version += 1
  await t.database.db
    .insertInto('flow_configs')
    .values({
      account_id: accountId,
      version,
      config: JSON.stringify(change(createDefaultConfig())),
      created_at: t.clock.now(),
    })
    .execute()
}
const setDefaultLanguage = (language: string) =>
  saveConfig((config) => ({ ...config, languages: { default: language, translations: {} } }))

describe('mail templates', () => {
  it('render every kind in every built-in language: subject, HTML and plain text, nothing left unfilled', async () => {
    for (const kind of MAIL_KINDS) {
      const english = await render(kind, 'en', SAMPLE_PARAMS[kind])
      for (const locale of BUILT_IN_LOCALES) {
        const mail = await render(kind, locale, SAMPLE_PARAMS[kind])
        const label = `${kind}/${locale}`
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, label).not.toMatch(/\{[a-z_]+\}/)
          expect(part.length, label).toBeGreaterThan(10)
        }
        expect(mail.html, label).toContain(`<html lang="${locale}"`)
        if (locale !== 'en') expect(mail.subject, label).not.toBe(english.subject)
        if (mail.link) {
          expect(mail.text, label).toContain(mail.link)
          expect(mail.html, label).toContain(`href="${mail.link.replaceAll('&', '&amp;')}"`)
        }
      }
    }
  })

  it('escape what they interpolate: the account name is text in the HTML, never markup', async () => {
    const mail = await render('member_invitation', 'en', SAMPLE_PARAMS.member_invitation)
    expect(mail.subject).toBe("You're invited to Zanzibar <b>& Co</b> on Retainkit")
    expect(mail.html).toContain('Zanzibar &lt;b&gt;&amp; Co&lt;/b&gt;')
    expect(mail.html).not.toContain('<b>')
    expect(mail.text).toContain('Zanzibar <b>& Co</b>')
  })

  it('write a mail in one language: the recipient’s, else the account’s default, else English', async () => {
    const subjects = async (locale: string | null) =>
      (await render('sign_in', locale, SAMPLE_PARAMS.sign_in)).text
    expect(await subjects('fr-CA')).toContain('Connectez-vous à Retainkit')
    await setDefaultLanguage('de')
    const fallback = await subjects('pt-BR')
    expect(fallback).toContain('Melden Sie sich mit diesem Link bei Retainkit an')
    expect(fallback).toContain('Gesendet von Retainkit.')
    await setDefaultLanguage('ar')
    const english = await subjects('pt-BR')
    expect(english).toContain('Sign in to Retainkit with this link')
    expect(english).toContain('Sent by Retainkit.')
  })

  it("put a merchant's name and colours on a merchant's mail, their theme in the HTML", async () => {
    await saveConfig((config) => ({
      ...config,
      theme: { ...config.theme, primary_color: '#0a7d3b' },
      talk_to_us: { enabled: true, email: 'help@zanzibar.example' },
    }))
    const receipt = defineMailTemplate({
      params: z.object({ link: z.url() }),
      sender: 'merchant',
      giveUpAfterMs: 60_000,
      render: ({ link }, context) => ({
        subject: 'Receipt',
        heading: 'Receipt',
        paragraphs: [fill('From {merchant}', { merchant: context.account?.name ?? '' })],
        action: { label: 'Open', url: link },
      }),
    })
    const mail = await render('receipt', 'en', { link: 'https://shop.example/x' }, {
      ...MAIL_TEMPLATES,
      receipt,
    } as typeof MAIL_TEMPLATES)
    expect(mail.from).toEqual({ name: 'Zanzibar <b>& Co</b>', address: 'no-reply@localhost' })
    expect(mail.replyTo).toBe('help@zanzibar.example')
    expect(mail.html).toContain('background:#0a7d3b')
    expect(mail.text).toContain('your subscription with Zanzibar <b>& Co</b>')
    const own = await render('sign_in', 'en', SAMPLE_PARAMS.sign_in)
    expect(own.from.name).toBe('Retainkit')
    expect(own.replyTo).toBeUndefined()
    expect(own.html).not.toContain('#0a7d3b')
  })

  it('refuse what cannot be sent: an unknown kind, parameters that do not fit, a link that is not http(s)', async () => {
    await expect(render('postcard', 'en', {})).rejects.toThrow('unknown mail kind postcard')
    await expect(render('usage_notice', 'en', { threshold: 55 })).rejects.toThrow('do not fit')
    await expect(render('sign_in', 'en', { link: 'javascript:alert(1)' })).rejects.toThrow()
  })

  it("carry no secret: not the account's Stripe keys, its widget secret, nor anything key-shaped", async () => {
    const { keys } = await t.connectStripe(accountId)
    const owner = await t.signIn()
    await t.database.db
      .insertInto('memberships')
      .values({ account_id: accountId, user_id: owner.userId, role: 'owner' })
      .execute()
    const created = await t.request(`/api/account?accountId=${accountId}&action=widget-secret`, {
      method: 'POST',
      token: owner.token,
    })
    const { secret } = ((await created.json()) as { data: { secret: string } }).data
    expect(secret.length).toBeGreaterThan(10)
    for (const kind of MAIL_KINDS)
      for (const locale of BUILT_IN_LOCALES) {
        const mail = await render(kind, locale, SAMPLE_PARAMS[kind])
        const all = [mail.subject, mail.text, mail.html, mail.from.name].join('\n')
        for (const value of [keys.secret, keys.restricted, secret]) expect(all).not.toContain(value)
        expect(all).not.toMatch(/\b(?:sk|rk)_(?:live|test)_|whsec_|BEGIN [A-Z ]*KEY/)
      }
  })

  it('every kind has a template (the Record is exhaustive)', () => {
    expect(Object.keys(MAIL_TEMPLATES).sort()).toEqual([...MAIL_KINDS].sort())
  })
})
