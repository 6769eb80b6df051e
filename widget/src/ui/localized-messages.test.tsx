import { BUILT_IN_CATALOGS } from '@retainkit/shared/i18n'
import { withDescription } from '@retainkit/shared/reactivation-terms'
import { EN_UI_STRINGS } from '@retainkit/shared/ui-strings'
import { fireEvent, within } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { BANNER_CHUNK } from '../test-support/banner-chunk'
import { fakeApi, flowConfig, TOKEN } from '../test-support/fake-api'
import { CONTEXT, closeFlows, openFlow, testHost, trackedBundle } from '../test-support/flow-harness'

/**
 * What the widget says after a call — a failure, the end of a cancellation, a reactivation — is in the
 * subscriber's language, chosen by what happened (the error's code, the kind of reactivation), never the
 * server's English message; a language without those words falls back to the account's default one.
 */

const FR = BUILT_IN_CATALOGS.fr.ui
const DE = BUILT_IN_CATALOGS.de.ui
/** The server's own words, which only developers should read. */
const SERVER_MESSAGE = "We couldn't reach the billing system to update your subscription."

/** Only the confirm step: the first button cancels. */
const confirmOnly = () =>
  flowConfig((c) => {
    c.cancellation_flow = { steps: ['confirm'], require_reason: false, collect_feedback: false }
  })

beforeEach(() => {
  localStorage.clear()
  clearConfigCache(testHost())
})

afterEach(() => {
  closeFlows()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('the cancel flow', () => {
  it('draws before getToken answers, then speaks the language its token claims once the session answers', async () => {
    const french = `e30.${btoa(JSON.stringify({ sub: 'cus_123', locale: 'fr' }))}.sig`
    let answer = (_token: string) => {}
    const getToken = () => new Promise<string>((resolve) => (answer = resolve))
    const flow = await openFlow(fakeApi(), { token: undefined, getToken })
    // Up before the merchant's backend answered, in the browser's language.
    expect(flow.element.lang).toBe('en')
    expect(flow.heading()).toBe('Before you go…')
    answer(french)
    await vi.waitFor(() => expect(flow.element.lang).toBe('fr'))
    expect(flow.element.dir).toBe('ltr')
    await vi.waitFor(() => expect(flow.heading()).toBe('Avant de partir…'))
    expect(flow.ui.getByRole('button', { name: FR.close })).toBeTruthy()
  })

  it("a French subscriber reads a failed call in French, chosen by the error's code", async () => {
    const api = fakeApi({
      config: confirmOnly(),
      fail: { cancel: { status: 502, code: 'EXTERNAL_SERVICE_ERROR', message: SERVER_MESSAGE } },
    })
    const flow = await openFlow(api, { locale: 'fr' })
    flow.click(FR.confirm_cancel)
    await vi.waitFor(() =>
      expect(flow.ui.getByRole('alert').textContent).toContain(FR.error_external_service_error),
    )
    expect(flow.ui.getByRole('alert').textContent).not.toContain(SERVER_MESSAGE)
    expect(flow.ui.getByRole('button', { name: FR.retry })).toBeTruthy()
  })

  it('an expired session reads as such in French', async () => {
    const api = fakeApi({
      config: confirmOnly(),
      fail: { cancel: { status: 401, code: 'TOKEN_EXPIRED', message: 'Your session has expired.' } },
    })
    const flow = await openFlow(api, { locale: 'fr-FR' })
    flow.click(FR.confirm_cancel)
    await vi.waitFor(() => expect(flow.ui.getByRole('alert').textContent).toContain(FR.error_token_expired))
  })

  it('a language the merchant added without these words gets the default language, not English', async () => {
    const config = confirmOnly()
    config.languages = { default: 'de', translations: { it: { 'ui.retry': 'Riprova' } } }
    const api = fakeApi({
      config,
      fail: { cancel: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable.' } },
    })
    const flow = await openFlow(api, { locale: 'it' })
    flow.click(DE.confirm_cancel)
    await vi.waitFor(() =>
      expect(flow.ui.getByRole('alert').textContent).toContain(DE.error_service_unavailable),
    )
    expect(flow.ui.getByRole('button', { name: 'Riprova' })).toBeTruthy()
  })

  it("the final screen states the end date in French, not the server's English confirmation", async () => {
    const flow = await openFlow(fakeApi({ config: confirmOnly() }), { locale: 'fr' })
    flow.click(FR.confirm_cancel)
    await vi.waitFor(() =>
      expect(flow.ui.getByText('Votre abonnement prend fin le 31 mars 2027')).toBeTruthy(),
    )
    expect(flow.root.textContent).not.toMatch(/You keep access|canceled/)
  })
})

describe('the reactivation banner', () => {
  const ELIGIBLE = {
    eligible: true,
    sessionId: 'rses_1',
    kind: 'churned',
    subscriptionId: null,
    plan: null,
    offer: { percentOff: 25, months: 1 },
    chunk: BANNER_CHUNK,
    terms: withDescription(
      {
        planName: 'Pro',
        currency: 'eur',
        interval: 'month',
        intervalCount: 1,
        amount: 2900,
        discount: { percentOff: 25, amount: 2175, charges: 1 },
        firstChargeAt: '2027-01-15T10:00:00Z',
        chargesNow: true,
      },
      'fr',
    ),
  } as const

  async function showFrench() {
    const api = fakeApi({ reactivation: ELIGIBLE })
    window.fetch = api.fetch as unknown as typeof fetch
    await trackedBundle(testHost()).showReactivation(CONTEXT, { token: TOKEN, locale: 'fr' })
    const element = document.querySelector('[data-retainkit="banner"]') as HTMLElement
    const ui = within(element.shadowRoot as unknown as HTMLElement)
    const confirm = () => ui.getByRole('button', { name: /^Confirmer/ })
    return { api, ui, confirm }
  }

  it('a French subscriber reads the failure and the welcome back in French', async () => {
    const { api, ui, confirm } = await showFrench()
    api.state.fail = {
      reactivation: { status: 502, code: 'EXTERNAL_SERVICE_ERROR', message: SERVER_MESSAGE },
    }
    fireEvent.click(ui.getByRole('button', { name: BUILT_IN_CATALOGS.fr.reactivation.cta_primary }))
    fireEvent.click(confirm())
    await vi.waitFor(() => expect(ui.getByRole('status').textContent).toBe(FR.error_external_service_error))

    api.state.fail = {}
    fireEvent.click(confirm())
    const welcome = FR.reactivated_discount.replace('{n}', '25')
    await vi.waitFor(() => expect(ui.getByRole('status').textContent).toBe(welcome))
    expect(welcome).toBe(
      'Bon retour parmi nous ! Votre abonnement est de nouveau actif, avec votre réduction de 25\u00a0%.',
    )
    expect(ui.getByRole('status').textContent).not.toContain('Welcome back')
  })

  it('an error code without words of its own reads as the generic words, never a key name', async () => {
    const { api, ui, confirm } = await showFrench()
    api.state.fail = { reactivation: { status: 400, code: 'SOMETHING_NEW', message: 'Bad.' } }
    fireEvent.click(ui.getByRole('button', { name: BUILT_IN_CATALOGS.fr.reactivation.cta_primary }))
    fireEvent.click(confirm())
    await vi.waitFor(() => expect(ui.getByRole('status').textContent).toBe(FR.call_failed))
  })
})

describe('every built-in language', () => {
  it('has its own words for each error and reactivation message', () => {
    for (const [tag, catalog] of Object.entries(BUILT_IN_CATALOGS)) {
      if (tag === 'en') continue
      for (const key of Object.keys(EN_UI_STRINGS) as (keyof typeof EN_UI_STRINGS)[])
        if (/^(error_|reactivat)/.test(key))
          expect(catalog.ui[key], `${tag} ${key}`).not.toBe(EN_UI_STRINGS[key])
    }
  })
})
