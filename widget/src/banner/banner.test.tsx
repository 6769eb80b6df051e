import { withDescription } from '@retainkit/shared/reactivation-terms'
import { EN_UI_STRINGS } from '@retainkit/shared/ui-strings'
import { fireEvent, within } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearConfigCache } from '../api/client'
import { BANNER_CHUNK } from '../test-support/banner-chunk'
import { fakeApi, flowConfig, TOKEN } from '../test-support/fake-api'
import { CONTEXT, flushPromises, testHost, trackedBundle } from '../test-support/flow-harness'

const ELIGIBLE = {
  eligible: true,
  sessionId: 'rses_1',
  kind: 'churned',
  subscriptionId: null,
  plan: null,
  offer: { percentOff: 25, months: 1 },
  chunk: BANNER_CHUNK,
  terms: withDescription({
    planName: 'Pro',
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    amount: 2900,
    discount: { percentOff: 25, amount: 2175, charges: 1 },
    firstChargeAt: '2027-01-15T10:00:00Z',
    chargesNow: true,
  }),
} as const

/** What a churned subscriber reads once back, with the 25 % winback discount of ELIGIBLE's terms. */
const WELCOME_BACK = EN_UI_STRINGS.reactivated_discount.replace('{n}', '25')

beforeEach(() => {
  localStorage.clear()
  clearConfigCache(testHost())
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

async function show(api = fakeApi({ reactivation: ELIGIBLE }), options: Record<string, unknown> = {}) {
  window.fetch = api.fetch as unknown as typeof fetch
  const result = await trackedBundle(testHost()).showReactivation(CONTEXT, { token: TOKEN, ...options })
  const element = document.querySelector('[data-retainkit="banner"]')
  const ui = element?.shadowRoot ? within(element.shadowRoot as unknown as HTMLElement) : null
  return { api, result, element, ui }
}

describe('the reactivation banner', () => {
  it('shows a labelled region (not a modal) with the copy, the plan, the prices, the charge and the renewal', async () => {
    const { result, ui, api } = await show()
    expect(result).toEqual({ shown: true })
    const region = ui?.getByRole('region', { name: 'Welcome back!' })
    expect(region).toBeTruthy()
    expect(ui?.queryByRole('dialog')).toBeNull()
    expect(region?.textContent).toContain('Reactivate your subscription in one click')
    expect(region?.textContent).toContain(
      'Pro: 25% off, $21.75 for the first charge, then $29.00 every month.',
    )
    expect(region?.textContent).toContain('First charge: $21.75 today.')
    expect(region?.textContent).toContain('Renews automatically every month until you cancel.')
    expect(api.callsTo('reactivation')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    // Not modal: focus stays where the subscriber left it.
    expect(document.activeElement).toBe(document.body)
  })

  it('Reactivate asks one confirmation naming the amount; only confirming calls the accept route', async () => {
    const onReactivate = vi.fn()
    const { ui, api } = await show(undefined, { onReactivate })
    fireEvent.click(ui?.getByRole('button', { name: 'Reactivate' }) as HTMLElement)
    await flushPromises()
    expect(api.callsTo('reactivation').filter((call) => call.path.endsWith('/accept'))).toEqual([])
    expect(ui?.getByRole('status').textContent).toBe('Confirm: $21.75 today')
    // Back changes nothing; a double click on Reactivate lands on Back, never on the charge.
    const back = ui?.getByRole('button', { name: 'Back' }) as HTMLElement
    fireEvent.click(back)
    expect(ui?.queryByRole('button', { name: 'Confirm: $21.75 today' })).toBeNull()
    fireEvent.click(ui?.getByRole('button', { name: 'Reactivate' }) as HTMLElement)
    expect(ui?.getByRole('button', { name: 'Back' })).toBe(back)
    fireEvent.click(ui?.getByRole('button', { name: 'Confirm: $21.75 today' }) as HTMLElement)
    await vi.waitFor(() => expect(ui?.getByRole('status').textContent).toBe(WELCOME_BACK))
    const accept = api.calls.find((call) => call.path === '/api/widget/reactivation/accept')
    expect(accept?.body).toEqual({ sessionId: 'rses_1' })
    expect(onReactivate).toHaveBeenCalledWith(expect.objectContaining({ status: 'reactivated' }))
  })

  it('an error shows the message and lets the subscriber try again', async () => {
    const api = fakeApi({ reactivation: ELIGIBLE })
    const { ui } = await show(api)
    api.state.fail = {
      reactivation: {
        status: 502,
        code: 'EXTERNAL_SERVICE_ERROR',
        message: 'Could not reach the payment service.',
      },
    }
    fireEvent.click(ui?.getByRole('button', { name: 'Reactivate' }) as HTMLElement)
    fireEvent.click(ui?.getByRole('button', { name: 'Confirm: $21.75 today' }) as HTMLElement)
    await vi.waitFor(() =>
      expect(ui?.getByRole('status').textContent).toBe(EN_UI_STRINGS.error_external_service_error),
    )
    api.state.fail = {}
    fireEvent.click(ui?.getByRole('button', { name: 'Confirm: $21.75 today' }) as HTMLElement)
    await vi.waitFor(() => expect(ui?.getByRole('status').textContent).toBe(WELCOME_BACK))
  })

  it('dismiss sends banner_dismissed for the session (the server remembers it) and stores nothing in the browser', async () => {
    const onDismiss = vi.fn()
    const { ui, api, element } = await show(undefined, { onDismiss })
    fireEvent.click(ui?.getByRole('button', { name: 'Not now' }) as HTMLElement)
    expect(element?.isConnected).toBe(false)
    expect(onDismiss).toHaveBeenCalledTimes(1)
    await flushPromises()
    const [events] = api.callsTo('events')
    expect(events?.path).toBe('/api/widget/sessions/rses_1/events')
    expect(events?.body).toMatchObject({ events: [{ step: 'banner_dismissed' }] })
    // Sent even if the page is going away: it is the only record of the dismissal.
    expect(events?.keepalive).toBe(true)
    expect(Object.keys(localStorage)).toEqual([])
    expect(document.cookie).toBe('')
  })

  it('a later charge names its date; a banner without terms (an older server) is not shown', async () => {
    const later = { ...ELIGIBLE, kind: 'scheduled_cancel' as const, offer: null }
    const terms = withDescription({
      ...ELIGIBLE.terms,
      discount: null,
      chargesNow: false,
      firstChargeAt: '2027-03-31T00:00:00Z',
    })
    const { ui } = await show(fakeApi({ reactivation: { ...later, terms } }))
    expect(ui?.getByRole('region').textContent).toContain('Next charge: $29.00 on March 31, 2027.')
    fireEvent.click(ui?.getByRole('button', { name: 'Reactivate' }) as HTMLElement)
    expect(ui?.getByRole('button', { name: 'Confirm: $29.00 on March 31, 2027' })).toBeTruthy()
    document.body.innerHTML = ''
    clearConfigCache(testHost())
    const { terms: _omitted, ...withoutTerms } = ELIGIBLE
    const old = await show(fakeApi({ offContract: { reactivation: withoutTerms } }))
    expect(old.result).toEqual({ shown: false })
  })

  it('shows nothing when the subscriber is not eligible or the banner is switched off', async () => {
    expect((await show(fakeApi({ reactivation: { eligible: false } }))).result).toEqual({ shown: false })
    clearConfigCache(testHost())
    const off = flowConfig((c) => {
      if (c.reactivation) c.reactivation.enabled = false
    })
    const { result, element } = await show(fakeApi({ config: off, reactivation: ELIGIBLE }))
    expect(result).toEqual({ shown: false })
    expect(element).toBeNull()
  })

  it('still works when storage throws (privacy modes)', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('denied')
    })
    const { ui, element } = await show()
    fireEvent.click(ui?.getByRole('button', { name: 'Not now' }) as HTMLElement)
    expect(element?.isConnected).toBe(false)
  })
})
