import type { ListedCoupon } from '@retainkit/shared/api'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeBackend, fail, ok, signInTestSession } from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { resetToasts } from '../../lib/toast-store'
import { installEditorBackend, openEditor } from './test-support/editor-setup'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)

const coupon = (id: string, percent: number, months: number | null = 3): ListedCoupon => ({
  id,
  name: null,
  percent_off: percent,
  duration: months === null ? 'once' : 'repeating',
  duration_in_months: months,
  amount_off: null,
  currency: null,
  valid: true,
  times_redeemed: 0,
  max_redemptions: null,
  redeem_by: null,
  created: 1_790_000_000,
})

const PRICES = [
  {
    id: 'price_basic_monthly',
    product_id: 'prod_basic',
    product_name: 'Basic',
    nickname: 'Monthly',
    unit_amount: 1499,
    currency: 'usd',
    interval: 'month',
    interval_count: 1,
    display: '$14.99/month',
  },
]

let backend: FakeBackend

beforeEach(() => {
  previewRecorder.reset()
  resetToasts()
  signInTestSession({ role: 'admin' })
  backend = installEditorBackend({ version: 2, plans: PRICES })
})

afterEach(() => {
  cleanup()
  backend.restore()
})

/** The config the preview renders: what subscribers get, so never the coupon's code (server-side only). */
const draft = () => previewRecorder.current()?.config as CancelFlowConfig
const couponInput = (discount: HTMLElement) =>
  within(discount).getByLabelText('Stripe coupon ID (optional)') as HTMLInputElement

describe('editor: discount coupons', () => {
  it('pages through Stripe coupons with limit and starting_after, and picks one', async () => {
    const user = userEvent.setup()
    backend.on('GET', '/api/stripe/coupons/acme', {}, (request) =>
      // The server's shape: Stripe's paging beside the data.
      request.query.starting_after === 'SAVE20'
        ? { body: { data: [coupon('WINBACK50', 50, null)], has_more: false } }
        : { body: { data: [coupon('SAVE10', 10), coupon('SAVE20', 20)], has_more: true } },
    )
    await openEditor()
    const discount = screen.getByRole('group', { name: 'Discount' })
    await user.click(within(discount).getByRole('button', { name: 'Choose a Stripe coupon' }))
    expect(await within(discount).findByLabelText(/SAVE10/)).toBeTruthy()
    expect(backend.calls('/api/stripe/coupons/acme')[0]?.query).toEqual({ limit: '10' })

    await user.click(within(discount).getByRole('button', { name: 'Load more coupons' }))
    await within(discount).findByLabelText(/WINBACK50 · 50% off once/)
    expect(backend.calls('/api/stripe/coupons/acme')[1]?.query).toEqual({
      limit: '10',
      starting_after: 'SAVE20',
    })
    expect(within(discount).queryByRole('button', { name: 'Load more coupons' })).toBeNull()

    await user.click(within(discount).getByLabelText(/SAVE20 · 20% off for 3 months/))
    expect(couponInput(discount).value).toBe('SAVE20')
    expect(draft().discount).toMatchObject({ amount: 20, duration: 3 })
    expect(draft().discount).not.toHaveProperty('promo_code')
  })

  it('creates a coupon and selects it', async () => {
    const user = userEvent.setup()
    backend.on('POST', '/api/stripe/coupons', {}, (request) => {
      const { config } = request.body as { config: { percent_off: number; duration_in_months: number } }
      const { id, percent_off, duration, duration_in_months } = coupon(
        'NEW30',
        config.percent_off,
        config.duration_in_months,
      )
      return ok({ id, name: 'Stay offer', percent_off, duration, duration_in_months })
    })
    await openEditor()
    const discount = screen.getByRole('group', { name: 'Discount' })
    await user.click(within(discount).getByRole('button', { name: 'Create a coupon' }))
    const form = within(discount).getByRole('group', { name: 'New Stripe coupon' })
    await user.clear(within(form).getByLabelText('Percent off'))
    await user.type(within(form).getByLabelText('Percent off'), '30')
    await user.clear(within(form).getByLabelText('Months'))
    await user.type(within(form).getByLabelText('Months'), '2')
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }))

    await waitFor(() => expect(couponInput(discount).value).toBe('NEW30'))
    expect(backend.calls('/api/stripe/coupons', 'POST')[0]?.body).toEqual({
      account_id: 'acme',
      config: { percent_off: 30, duration: 'repeating', duration_in_months: 2 },
    })
    expect(draft().discount).toMatchObject({ amount: 30, duration: 2 })
  })

  it('checks a new coupon before sending and shows the server refusal', async () => {
    const user = userEvent.setup()
    backend.on(
      'POST',
      '/api/stripe/coupons',
      {},
      fail(422, 'BUSINESS_RULE_VIOLATION', 'Save offers are a Pro feature.'),
    )
    await openEditor()
    const discount = screen.getByRole('group', { name: 'Discount' })
    await user.click(within(discount).getByRole('button', { name: 'Create a coupon' }))
    const form = within(discount).getByRole('group', { name: 'New Stripe coupon' })
    await user.clear(within(form).getByLabelText('Percent off'))
    await user.type(within(form).getByLabelText('Percent off'), '150')
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }))
    expect(within(form).getByText('Enter a percentage from 1 to 100')).toBeTruthy()
    expect(backend.calls('/api/stripe/coupons', 'POST')).toHaveLength(0)

    await user.clear(within(form).getByLabelText('Percent off'))
    await user.type(within(form).getByLabelText('Percent off'), '15')
    await user.click(within(form).getByRole('button', { name: 'Create coupon' }))
    expect(await within(form).findByText('Save offers are a Pro feature.')).toBeTruthy()
  })
})

describe('editor: plans, pause lengths and redirects', () => {
  it('adds a plan from the Stripe prices (price id, name, display price)', async () => {
    const user = userEvent.setup()
    await openEditor()
    const planSwitch = screen.getByRole('group', { name: 'Plan switch' })
    await user.click(within(planSwitch).getByLabelText('Offer a different plan'))
    expect(within(planSwitch).getByText('At least one plan required')).toBeTruthy()
    await user.click(await within(planSwitch).findByRole('button', { name: 'Add price' }))
    expect(draft().plan_switch).toEqual({
      enabled: true,
      plans: [{ id: 'price_basic_monthly', name: 'Basic – Monthly', price: '$14.99/month' }],
    })
    expect(within(planSwitch).queryByText('At least one plan required')).toBeNull()
  })

  it('falls back to manual plan entry when Stripe prices are unavailable', async () => {
    const user = userEvent.setup()
    backend.on('GET', '/api/stripe/plans/acme', {}, fail(400, 'CONFIGURATION_ERROR', 'Connect Stripe first'))
    await openEditor()
    const cycle = screen.getByRole('group', { name: 'Billing-cycle switch' })
    expect(
      await within(cycle).findByText('Your Stripe prices could not be loaded: Connect Stripe first'),
    ).toBeTruthy()
    await user.click(within(cycle).getByRole('button', { name: 'Add a plan by hand' }))
    expect(within(cycle).getByText('Plan ID is required')).toBeTruthy()
    await user.type(within(cycle).getByLabelText('Stripe price ID'), 'price_annual')
    await user.type(within(cycle).getByLabelText('Name shown'), 'Annual')
    await user.type(within(cycle).getByLabelText('Price shown'), '$150/year')
    expect(draft().billing_cycle_switch.plans).toEqual([
      { id: 'price_annual', name: 'Annual', price: '$150/year' },
    ])
  })

  it('adds pause lengths and inserts redirect placeholders at the cursor', async () => {
    const user = userEvent.setup()
    await openEditor()
    const pause = screen.getByRole('group', { name: 'Pause' })
    await user.click(within(pause).getByRole('button', { name: 'Add pause length' }))
    expect(draft().pause.durations).toEqual([1, 2, 3, 4])

    const redirect = within(pause).getByLabelText('Redirect URL (optional)') as HTMLInputElement
    await user.type(redirect, 'https://shop.test/pause?c=')
    await user.click(within(pause).getByRole('button', { name: '{customer_id}' }))
    expect(draft().pause.redirect_template).toBe('https://shop.test/pause?c={customer_id}')
    await user.clear(redirect)
    expect('redirect_template' in draft().pause).toBe(false)
  })
})

describe('editor: theme, flow, banner, compliance', () => {
  it('warns about contrast live, with the shared wording', async () => {
    const user = userEvent.setup()
    await openEditor()
    expect(screen.getByText('Colour contrast meets WCAG AA.')).toBeTruthy()
    const text = screen.getByLabelText('Text colour hex value')
    await user.clear(text)
    await user.type(text, '#eeeeee')
    expect(
      screen.getByText(/^Text colour on background has contrast 1\.1:1; WCAG AA needs 4\.5:1/),
    ).toBeTruthy()
  })

  it('edits the ordered step checklist and the flow switches', async () => {
    const user = userEvent.setup()
    await openEditor()
    const flow = screen.getByRole('region', { name: 'Flow' })
    // Two different switches, two different names: the step, and whether feedback is collected at all.
    expect(within(flow).getAllByLabelText('Collect written feedback')).toHaveLength(1)
    expect(within(flow).getByLabelText('Collect written feedback').id).toBe(
      'editor-cancellation_flow-collect_feedback',
    )
    await user.click(within(flow).getByLabelText('Ask for written feedback (its own step)'))
    expect(draft().cancellation_flow?.steps).toEqual(['reason', 'offer', 'confirm'])
    await user.click(within(flow).getByLabelText('Ask for a reason'))
    await user.click(within(flow).getByLabelText('Show a save offer'))
    await user.click(within(flow).getByLabelText('Confirm the cancellation'))
    expect(within(flow).getByText('At least one step required')).toBeTruthy()
    await user.click(within(flow).getByLabelText('Confirm the cancellation'))
    await user.click(within(flow).getByLabelText('Ask for a reason'))
    expect(draft().cancellation_flow?.steps).toEqual(['reason', 'confirm'])
    await user.click(within(flow).getByLabelText('Require a reason before continuing'))
    expect(draft().cancellation_flow?.require_reason).toBe(false)
  })

  it('edits the banner and shows it in the preview', async () => {
    const user = userEvent.setup()
    await openEditor()
    const banner = screen.getByRole('region', { name: 'Reactivation banner' })
    const headline = within(banner).getByLabelText('Headline')
    await user.clear(headline)
    await user.type(headline, 'Come back')
    expect(previewRecorder.current()?.variant).toBe('banner')
    expect(draft().reactivation?.headline).toBe('Come back')
  })

  it('lists jurisdictions without offers, checking the code format', async () => {
    const user = userEvent.setup()
    await openEditor()
    const compliance = screen.getByRole('region', { name: 'Compliance' })
    const input = within(compliance).getByLabelText('Country or region code')
    await user.type(input, 'minnesota{Enter}')
    expect(within(compliance).getByText('Use an ISO country or region code, e.g. US-MN')).toBeTruthy()
    await user.clear(input)
    await user.type(input, 'us-mn{Enter}')
    expect(draft().compliance?.suppress_offers_in).toEqual(['US-MN'])
    await user.click(within(compliance).getByRole('button', { name: 'Remove US-MN' }))
    expect(draft().compliance?.suppress_offers_in).toEqual([])
    await user.click(within(compliance).getByLabelText(/Never show save offers/))
    expect(draft().compliance?.suppress_offers).toBe(true)
    await user.click(within(compliance).getByLabelText(/No save offers when neither the token nor Stripe/))
    expect(draft().compliance?.suppress_offers_when_unknown).toBe(true)
  })
})

describe('editor: reason order (copy.cancel_reasons)', () => {
  it('chooses which reasons the flow lists and their order, flagging keys that are gone', async () => {
    const user = userEvent.setup()
    await openEditor()
    const order = screen.getByRole('group', { name: 'Order in the cancel flow' })
    expect(draft().copy.cancel_reasons).toBeUndefined()
    await user.click(within(order).getByLabelText('Show a chosen set of reasons, in a custom order'))
    expect(draft().copy.cancel_reasons).toEqual(createDefaultReasons().map((reason) => reason.key))

    await user.click(within(order).getByRole('button', { name: /^Move down\s*: It's too expensive$/ }))
    await user.click(within(order).getByRole('button', { name: /^Remove\s*: Something else$/ }))
    expect(draft().copy.cancel_reasons?.slice(0, 2)).toEqual(['not_using_enough', 'too_expensive'])
    expect(draft().copy.cancel_reasons).not.toContain('other')

    await user.selectOptions(within(order).getByLabelText('Add a reason'), 'Something else')
    await user.click(within(order).getByRole('button', { name: 'Add' }))
    expect(draft().copy.cancel_reasons?.at(-1)).toBe('other')

    await user.click(within(order).getByLabelText('Show a chosen set of reasons, in a custom order'))
    expect(draft().copy.cancel_reasons).toBeUndefined()
  })

  it('marks a listed key that is no longer a reason', async () => {
    const config = createDefaultConfig()
    config.copy.cancel_reasons = ['too_expensive', 'retired_reason']
    backend.on(
      'GET',
      '/api/account',
      { action: 'config' },
      ok({ config_json: config, version: 2, updated_at: null, previous_versions: [] }),
    )
    await openEditor()
    const order = screen.getByRole('group', { name: 'Order in the cancel flow' })
    expect(within(order).getByText('No longer a reason: the flow skips it')).toBeTruthy()
    expect(within(order).getByText(/2\. retired_reason/)).toBeTruthy()
  })
})
