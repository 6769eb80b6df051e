import { widgetConfig } from '@retainkit/shared/api'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { newSubscriber, tokenFor, widgetAccount, widgetCall } from './testing'

/**
 * The widget's words travel with the config: every language the account offers, resolved string by
 * string, so the size-budgeted bundle carries none. What the merchant writes in the editor is saved
 * through the config call like any other field, validated by the shared schema.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

const published = async (accountId: string) => {
  const res = await t.request(`/api/widget/config/${accountId}`, { apiKey: null })
  expect(res.status).toBe(200)
  return widgetConfig.parse(await res.json()) as WidgetConfigResponse
}
const save = (accountId: string, token: string, config: unknown) =>
  t.request(`/api/account?accountId=${accountId}&action=config`, {
    method: 'PUT',
    token,
    body: { config_json: config },
  })

describe('languages in the published config', () => {
  it('publishes English, French, German and Spanish for a new account, English by default', async () => {
    const { accountId } = await widgetAccount(t, { stripe: false })
    const body = await published(accountId)
    expect(body.defaultLocale).toBe('en')
    expect(Object.keys(body.locales).sort()).toEqual(['de', 'en', 'es', 'fr'])
    expect(body.locales.fr?.words.screens['reason.']?.headline).toBe('Avant de partir…')
    expect(body.locales.de?.ui.cancel).toBe('Abo kündigen')
    expect(body.locales.es?.reasons.too_expensive).toBe('Es demasiado caro')
    // The raw translations are not sent twice.
    expect(body.config).not.toHaveProperty('languages')
  })

  it('publishes what the merchant saved: an added right-to-left language, fallbacks to the default one', async () => {
    const { accountId, ownerToken } = await widgetAccount(t, { stripe: false })
    const config = createDefaultConfig()
    config.copy.general.headline = 'Wait — Acme has something for you'
    config.languages = {
      default: 'en',
      translations: { ar: { 'copy.general.headline': 'انتظر — لدى Acme شيء لك', 'ui.next': 'متابعة' } },
    }
    expect((await save(accountId, ownerToken, config)).status).toBe(200)
    const body = await published(accountId)
    expect(body.locales.ar).toMatchObject({ dir: 'rtl', ui: { next: 'متابعة', back: '\u2068Back\u2069' } })
    expect(body.locales.ar?.words.screens['reason.']?.headline).toBe('انتظر — لدى Acme شيء لك')
    // Changed in English and not translated into German: German subscribers read the English.
    expect(body.locales.de?.words.screens['reason.']?.headline).toBe('Wait — Acme has something for you')
    expect(body.locales.de?.words.screens['reason.']?.subheadline).toContain('Verraten Sie uns')
  })

  it('refuses an unknown string or a malformed language with a 400 that names it, saving nothing', async () => {
    const { accountId, ownerToken } = await widgetAccount(t, { stripe: false })
    const bad = createDefaultConfig()
    bad.languages = { default: 'en', translations: { fr: { 'ui.nope': 'Non' } } }
    const res = await save(accountId, ownerToken, bad)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Unknown string: ui.nope',
    )
    const tag = createDefaultConfig()
    tag.languages = { default: 'French', translations: {} }
    const refused = await save(accountId, ownerToken, tag)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Use a language tag such as fr, de-CH or pt-BR',
    )
    expect((await published(accountId)).version).toBe(0)
  })
})

describe('the locale claim', () => {
  it('is accepted as a language tag and refused (401) otherwise', async () => {
    const account = await widgetAccount(t)
    const m = account.merchant
    if (!m) throw new Error('no merchant')
    const subscriber = await newSubscriber(t, m, m.prices.proMonthly)
    const good = await tokenFor(t, account, subscriber, { locale: 'fr-CA' })
    expect((await widgetCall(t, '/api/widget/sessions', { token: good, body: {} })).status).toBe(201)
    const bad = await tokenFor(t, account, subscriber, { locale: 'French!' })
    const res = await widgetCall(t, '/api/widget/sessions', { token: bad, body: {} })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Subscriber token claim locale must be a language tag such as fr or pt-BR',
    )
  })
})
