import { describe, expect, it } from 'vitest'
import { CONFIRM_COPY, COPY_FALLBACKS, DEFAULT_ACTION_LABELS, fillCopy, screenCopy } from './copy'
import { testConfig } from './test-config'
import { APPLIED, flush, setup } from './test-harness'
import type { FlowScreen } from './types'

const SUBSCRIBER = { planId: 'price_pro', planName: 'Pro', periodEnd: '2027-03-31T23:30:00Z' }

function copyAt(screen: FlowScreen, overrides: Parameters<typeof setup>[0] = {}) {
  const { machine, send } = setup({ subscriber: SUBSCRIBER, initialScreen: screen, ...overrides })
  return { copy: screenCopy(machine.getSnapshot(), machine.context), machine, send }
}

describe('fillCopy', () => {
  it('replaces the four known placeholders, every time they appear', () => {
    expect(
      fillCopy('{amount} off for {duration} on {plan_name} until {period_end}; {amount}!', {
        amount: '20%',
        duration: '3 months',
        plan_name: 'Pro',
        period_end: 'March 31, 2027',
      }),
    ).toBe('20% off for 3 months on Pro until March 31, 2027; 20%!')
  })

  it('leaves unknown placeholders and known ones without a value as written', () => {
    expect(fillCopy('{amount} {coupon} {plan_name} {AMOUNT}', { plan_name: 'Pro' })).toBe(
      '{amount} {coupon} Pro {AMOUNT}',
    )
  })

  it("leaves the names of an object's built-in properties as written", () => {
    expect(fillCopy('{constructor} {toString} {n}', { n: 3 })).toBe('{constructor} {toString} 3')
  })

  it('inserts values literally, even ones that look like replacement patterns', () => {
    expect(fillCopy('Now on {plan_name}', { plan_name: "$& $' $1" })).toBe("Now on $& $' $1")
  })
})

describe('screenCopy', () => {
  it('trial extension: {duration} is the days added, on the offer and its success screen', () => {
    const offer = copyAt({ kind: 'offer', offer: 'trial_extension' }).copy
    expect(offer).toMatchObject({
      headline: 'Trial headline',
      subheadline: 'Trial sub for 14 days',
      options: [],
    })
    expect(offer.labels.accept).toBe('Trial accept')
    const success = copyAt({ kind: 'success', offer: 'trial_extension' }).copy
    expect(success.headline).toBe('Trial extended by 14 days')
  })

  it('talk to us: its own copy and buttons, nothing to choose', () => {
    const { copy } = copyAt({ kind: 'offer', offer: 'talk_to_us' })
    expect(copy).toMatchObject({ headline: 'Talk headline', dropdownLabel: null, options: [] })
    expect([copy.labels.accept, copy.labels.decline]).toEqual(['Talk accept', 'Talk decline'])
  })

  it('reason screen: general copy, the shown reasons as options, its CTAs on continue and stay', () => {
    const { machine, send } = setup({ subscriber: SUBSCRIBER })
    send({ type: 'SELECT_REASON', key: 'switched' })
    const copy = screenCopy(machine.getSnapshot(), machine.context)
    expect(copy).toMatchObject({
      headline: 'Why are you leaving, Pro?',
      subheadline: 'General sub',
      placeholder: null,
      dropdownLabel: null,
    })
    expect(copy.options).toHaveLength(5)
    expect(copy.options[2]).toEqual({
      kind: 'reason',
      key: 'switched',
      label: 'Label switched',
      selected: true,
    })
    expect(copy.options.filter((o) => o.selected)).toHaveLength(1)
    expect(copy.labels).toMatchObject({ next: 'General continue', stay: 'General stay', close: 'Close' })
  })

  it('feedback screen: the category copy with its placeholder', () => {
    const { copy } = copyAt({ kind: 'feedback', category: 'bad_experience' })
    expect(copy).toMatchObject({
      headline: 'Bad headline',
      subheadline: 'Bad sub',
      placeholder: 'Bad placeholder',
      options: [],
    })
    expect(copy.labels).toMatchObject({
      next: 'Bad continue',
      stay: 'Bad stay',
      cancel: 'Cancel subscription',
    })
  })

  it('discount offer: amount with its percent sign and duration with its unit', () => {
    const { copy } = copyAt({ kind: 'offer', offer: 'discount' })
    expect(copy).toMatchObject({ headline: 'Take 20% off for 3 months', dropdownLabel: null, options: [] })
    expect(copy.labels).toMatchObject({ accept: 'Discount accept', decline: 'Discount decline' })
  })

  it('pause offer: month options with the selection marked, {duration} is the chosen pause', () => {
    const { copy, machine, send } = copyAt({ kind: 'offer', offer: 'pause' })
    expect(copy.dropdownLabel).toBe('Pause label')
    expect(copy.options).toEqual([
      { kind: 'choice', choice: { months: 1 }, label: '1 month', selected: true },
      { kind: 'choice', choice: { months: 2 }, label: '2 months', selected: false },
      { kind: 'choice', choice: { months: 3 }, label: '3 months', selected: false },
    ])
    expect(copy.subheadline).toBe('Pause sub for 1 month')
    send({ type: 'SELECT_OPTION', months: 2 })
    expect(screenCopy(machine.getSnapshot(), machine.context).subheadline).toBe('Pause sub for 2 months')
  })

  it("plan offer: other plans as name and price, never the subscriber's own", () => {
    const { copy } = copyAt({ kind: 'offer', offer: 'plan_switch' })
    expect(copy.options).toEqual([
      { kind: 'choice', choice: { planId: 'price_basic' }, label: 'Basic – $14.99/month', selected: true },
    ])
  })

  it('confirm screen: built-in copy with the period end date, in UTC', () => {
    const { copy } = copyAt({ kind: 'confirm' })
    expect(copy.headline).toBe(CONFIRM_COPY.headline)
    expect(copy.subheadline).toBe(
      "Your subscription stays active until March 31, 2027, then ends. You won't be charged again.",
    )
    expect(copy.labels.cancel).toBe('Confirm cancellation')
  })

  it('falls back to words, not raw placeholders, when the subscriber is unknown', () => {
    const { copy } = copyAt({ kind: 'final' }, { subscriber: { periodEnd: 'not a date' } })
    expect(copy.subheadline).toBe(`Access until ${COPY_FALLBACKS.period_end}`)
    const reason = copyAt({ kind: 'reason' }, { subscriber: {} }).copy
    expect(reason.headline).toBe(`Why are you leaving, ${COPY_FALLBACKS.plan_name}?`)
  })

  it('formats dates in the given locale', () => {
    const { copy } = copyAt({ kind: 'final' }, { locale: 'de-DE' })
    expect(copy.subheadline).toBe('Access until 31. März 2027')
  })

  it('success screens: per-offer copy; a plan switch names the new plan', async () => {
    const { machine, send, accepts } = setup({
      subscriber: SUBSCRIBER,
      initialScreen: { kind: 'offer', offer: 'plan_switch' },
    })
    send({ type: 'ACCEPT_OFFER' })
    accepts[0]?.call.resolve(APPLIED)
    await flush()
    const copy = screenCopy(machine.getSnapshot(), machine.context)
    expect(copy).toMatchObject({ headline: 'Now on Basic', subheadline: 'Plan done', options: [] })
    expect(copyAt({ kind: 'success', offer: 'discount' }).copy.subheadline).toBe('Enjoy 20% off')
  })

  it('final screen: the final copy', () => {
    expect(copyAt({ kind: 'final' }).copy.headline).toBe('Final headline')
  })

  it('says which step a screen is, out of a total fixed for the flow, and nothing once it is over', () => {
    expect(copyAt({ kind: 'reason' }).copy.progress).toBe('Step 1 of 4')
    expect(copyAt({ kind: 'offer', offer: 'pause' }).copy.progress).toBe('Step 3 of 4')
    expect(copyAt({ kind: 'confirm' }).copy.progress).toBe('Step 4 of 4')
    expect(copyAt({ kind: 'success', offer: 'discount' }).copy.progress).toBe('')
    expect(copyAt({ kind: 'final' }).copy.progress).toBe('')
  })

  it('keeps the built-in label when a configured CTA is blank', () => {
    const config = testConfig((c) => {
      c.copy.general.cta_secondary = '  '
    })
    const { copy } = copyAt({ kind: 'reason' }, { config })
    expect(copy.labels.stay).toBe(DEFAULT_ACTION_LABELS.stay)
  })
})
