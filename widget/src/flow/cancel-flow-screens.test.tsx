import { REASON_REQUIRED_MESSAGE } from '@retainkit/shared/flow'
import type { OfferType } from '@retainkit/shared/vocabulary'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeApi, flowConfig, SCHEDULED, SESSION_ID, TOKEN } from '../test-support/fake-api'
import { change, closeFlows, flushPromises, openFlow, type } from '../test-support/flow-harness'

afterEach(() => {
  closeFlows()
  document.body.innerHTML = ''
  vi.restoreAllMocks()
})

describe('the cancel flow as rendered', () => {
  it('opens a labelled modal dialog on the reason screen with the account reasons as radios', async () => {
    const flow = await openFlow()
    const dialog = flow.ui.getByRole('dialog')
    // The browser's own modal: a <dialog> opened with showModal (the page behind becomes inert).
    expect(dialog).toBeInstanceOf(HTMLDialogElement)
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(flow.root.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Before you go…',
    )
    expect(flow.ui.getByText('Step 1 of 4')).toBeTruthy()
    const radios = flow.ui.getAllByRole('radio')
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      "It's too expensive",
      "I'm not using it enough",
      'I found an alternative',
      'I need a break',
      "It's missing features I need",
      'I ran into technical problems',
      'Something else',
      'My plan does not fit',
      'I want to pay yearly',
    ])
    // Focus moved into the dialog, onto the headline, so screen readers start with the question.
    expect(flow.root.activeElement?.textContent).toBe('Before you go…')
    expect(flow.buttons()).toEqual(['Close', 'Continue', 'Keep my subscription', 'Cancel subscription'])
    // The main action comes first (also in Tab order) and is the one drawn as primary; keeping and
    // cancelling are drawn alike, neither a small link beside the other's button.
    expect(flow.ui.getByRole('button', { name: 'Continue' }).className).toBe('p')
    expect(flow.ui.getByRole('button', { name: 'Keep my subscription' }).className).toBe('')
    expect(flow.ui.getByRole('button', { name: 'Cancel subscription' }).className).toBe('')
  })

  it('requires a reason: Continue without one shows the message in an alert and stays', async () => {
    const flow = await openFlow()
    flow.click('Continue')
    expect(flow.ui.getByRole('alert').textContent).toBe(REASON_REQUIRED_MESSAGE)
    expect(flow.heading()).toBe('Before you go…')
    flow.choose("It's too expensive")
    expect(flow.ui.getByRole('alert').textContent).toBe('')
  })

  it('walks reason → feedback → offer → confirm → final, sending reason, feedback and cancel', async () => {
    const onStepChange = vi.fn()
    const onCancel = vi.fn()
    const flow = await openFlow(fakeApi(), { onStepChange, onCancel })
    flow.choose('I found an alternative')
    flow.click('Continue')

    expect(flow.heading()).toBe('Which service are you switching to?')
    expect(flow.ui.getByText('Step 2 of 4')).toBeTruthy()
    const box = flow.ui.getByRole('textbox', { name: 'Which service are you switching to?' })
    expect(box.getAttribute('placeholder')).toBe("The service's name and what made you choose it (optional)")
    expect(box.getAttribute('maxlength')).toBe('2000')
    type(box, '  Rival has dark mode  ')
    flow.click('Continue')

    expect(flow.heading()).toBe('How about 20% off?')
    expect(flow.ui.getByText('Step 3 of 4')).toBeTruthy()
    flow.click('No thanks, cancel')

    expect(flow.heading()).toBe('Confirm your cancellation')
    expect(flow.ui.getByText('Step 4 of 4')).toBeTruthy()
    expect(flow.ui.getByText(/stays active until March 31, 2027/)).toBeTruthy()
    expect(flow.ui.getByRole('button', { name: 'Confirm cancellation' }).className).toBe('p')
    flow.click('Confirm cancellation')

    await vi.waitFor(() => expect(flow.heading()).toBe('Your cancellation is confirmed'))
    expect(flow.api.callsTo('cancel').map((call) => call.body)).toEqual([
      { reasonKey: 'switched_competitor', feedback: 'Rival has dark mode', handledByMerchant: false },
    ])
    expect(flow.api.callsTo('cancel')[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(flow.ui.queryByText(/Step \d of/)).toBeNull()
    expect(flow.ui.getByText(/keep full access until March 31, 2027/)).toBeTruthy()
    expect(flow.ui.getByText('Your subscription ends on March 31, 2027')).toBeTruthy()
    expect(onCancel).toHaveBeenCalledWith({ outcome: 'canceled', response: SCHEDULED })
    expect(onStepChange.mock.calls.map(([screen]) => screen.kind)).toEqual([
      'reason',
      'feedback',
      'offer',
      'confirm',
      'final',
    ])

    flow.click('Close', -1)
    await expect(flow.result).resolves.toEqual({ outcome: 'canceled', response: SCHEDULED })
    expect(flow.element.isConnected).toBe(false)
    expect(flow.api.events().map((event) => event.step)).toEqual([
      'reason_selected',
      'feedback_submitted',
      'offer_shown',
      'offer_declined',
    ])
  })

  it('lets the subscriber keep the final confirmation as a file', async () => {
    const links: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this)
    })
    const flow = await openFlow(
      fakeApi({
        config: flowConfig(
          (c) =>
            (c.cancellation_flow = { steps: ['confirm'], require_reason: false, collect_feedback: false }),
        ),
      }),
    )
    flow.click('Confirm cancellation')
    await vi.waitFor(() => expect(flow.heading()).toBe('Your cancellation is confirmed'))
    flow.click('Save this confirmation')
    expect(links).toHaveLength(1)
    expect(links[0]?.download).toBe('cancellation-confirmation.txt')
    const prefix = 'data:text/plain;charset=utf-8,'
    expect(links[0]?.href.startsWith(prefix)).toBe(true)
    const text = decodeURIComponent(links[0]?.href.slice(prefix.length) ?? '')
    expect(text).toContain('Your cancellation is confirmed')
    expect(text).toContain('March 31, 2027')
    expect(text).toContain('Your subscription ends on March 31, 2027')
    // The link was only there for the click.
    expect(links[0]?.isConnected).toBe(false)
  })

  const OFFERS: [OfferType, string, string, string | null, string, object][] = [
    ['discount', "It's too expensive", 'How about 20% off?', null, 'Your discount is on', {}],
    [
      'pause',
      "I'm not using it enough",
      'Need a break? Pause instead',
      '2 months',
      'Your subscription is paused',
      { months: 2 },
    ],
    [
      'plan_switch',
      'My plan does not fit',
      'Switch to a plan that fits better',
      'Lite – $5/month',
      'Your plan has changed',
      { planId: 'price_lite' },
    ],
    [
      'billing_cycle_switch',
      'I want to pay yearly',
      'Change how often you pay',
      'Pro yearly – $90/year',
      'Your billing has changed',
      { planId: 'price_pro_year' },
    ],
  ]

  it.each(OFFERS)(
    'accepting the %s offer applies it and shows its success screen',
    async (offer, reason, headline, option, success, choice) => {
      const onSave = vi.fn()
      const flow = await openFlow(fakeApi(), { onSave })
      flow.choose(reason)
      flow.click('Continue')
      flow.click('Continue')
      expect(flow.heading()).toBe(headline)
      if (option) change(flow.ui.getByRole('combobox'), option)
      flow.click(/^(Accept 20% off|Pause my subscription|Switch plan|Switch billing)$/)
      await vi.waitFor(() => expect(flow.heading()).toBe(success))
      expect(flow.api.callsTo('accept').map((call) => call.body)).toEqual([
        {
          offer,
          choice,
          reasonKey: flow.api.events().find((e) => e.step === 'reason_selected')?.reasonKey,
          handledByMerchant: false,
        },
      ])
      expect(flow.buttons()).toEqual(['Close', 'Close'])
      expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ outcome: 'saved', offer }))
      flow.click(/^Close$/, -1)
      const result = await flow.result
      expect(result).toMatchObject({ outcome: 'saved', offer, response: { status: 'applied' } })
    },
  )

  it('shows the discount in full and the pause and plan choices in labelled dropdowns', async () => {
    const flow = await openFlow()
    flow.choose("It's too expensive")
    flow.click('Continue')
    flow.click('Continue')
    const details = flow.root.querySelector('p.n')?.textContent
    // The config has a promo code; it is never published, so it is never shown (the server applies it).
    expect(details).toBe('20% off for 3 months')

    flow.click('Back')
    flow.click('Back')
    flow.choose('My plan does not fit')
    flow.click('Continue')
    flow.click('Continue')
    const plans = flow.ui.getByRole('combobox', { name: 'Choose a plan' })
    // The subscriber's own plan (price_pro) is never offered.
    expect(Array.from(plans.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Basic – $9/month',
      'Lite – $5/month',
    ])
  })

  it('STAY ends the session as stayed and sends reason_continue when the dialog closes', async () => {
    const flow = await openFlow()
    flow.choose('I need a break')
    flow.click('Continue')
    flow.click('Keep my subscription')
    await expect(flow.result).resolves.toEqual({ outcome: 'stayed' })
    expect(flow.element.isConnected).toBe(false)
    await flushPromises()
    expect(flow.api.events().map((e) => e.step)).toEqual(['reason_selected', 'reason_continue'])
    expect(
      flow.api.callsTo('events').every((call) => call.path === `/api/widget/sessions/${SESSION_ID}/events`),
    ).toBe(true)
  })

  it('compliance: with offers suppressed the flow goes from feedback straight to confirm', async () => {
    const config = flowConfig((c) => {
      c.compliance = { suppress_offers: true, suppress_offers_in: [] }
    })
    const flow = await openFlow(fakeApi({ config }))
    flow.choose("It's too expensive")
    expect(flow.ui.getByText('Step 1 of 3')).toBeTruthy()
    flow.click('Continue')
    flow.click('Continue')
    expect(flow.heading()).toBe('Confirm your cancellation')
  })

  it('every non-terminal screen shows a way to finish cancelling and a way to stay', async () => {
    const flow = await openFlow()
    const seen: string[] = []
    const check = (cancelPath: string) => {
      seen.push(flow.heading() ?? '')
      expect(flow.buttons()).toContain(cancelPath)
      expect(flow.buttons()).toContain('Keep my subscription')
    }
    check('Continue')
    flow.choose("I'm not using it enough")
    flow.click('Continue')
    check('Cancel subscription')
    flow.click('Continue')
    check('Cancel subscription')
    check('No thanks, cancel')
    flow.click('Cancel subscription')
    check('Confirm cancellation')
    expect(seen).toEqual([
      'Before you go…',
      'What could we have done better?',
      'Need a break? Pause instead',
      'Need a break? Pause instead',
      'Confirm your cancellation',
    ])
  })
})
