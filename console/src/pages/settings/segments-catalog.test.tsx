import { failure } from '@retainkit/fakes/api-server'
import type { StripePlan } from '@retainkit/shared/api'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { backendWith, SAVE, savedBody, storedSegment } from './segments/segments-test-support'
import { SegmentsSettings } from './segments-settings'
import { renderSection } from './settings-test-support'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)
registerConsoleCleanup()

const plan = (
  id: string,
  product: string,
  name: string,
  amount: number,
  nickname: string | null = null,
): StripePlan => ({
  id,
  product_id: product,
  product_name: name,
  nickname,
  unit_amount: amount,
  currency: 'eur',
  interval: 'month',
  interval_count: 1,
  display: `€${amount / 100}/month`,
})
const CATALOGUE = [
  plan('price_pro_m', 'prod_pro', 'Pro', 2900, 'Monthly'),
  plan('price_team_m', 'prod_team', 'Team', 9900),
]
const PLANS = 'GET /api/stripe/plans/acme'

async function firstCondition() {
  const card = await screen.findByRole('listitem', { name: /1\. Annual/ })
  return within(card).getByRole('group', { name: 'Condition 1' })
}

describe('segment conditions from the Stripe catalogue', () => {
  it('picks a price by name with the keyboard, keeps a typed id, and adds products to a list', async () => {
    const backend = backendWith().on(PLANS, { body: { data: CATALOGUE } })
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const condition = await firstCondition()
    await user.selectOptions(within(condition).getByLabelText('Attribute'), 'plan')
    const box = within(condition).getByRole('combobox', { name: 'Price' })
    await user.clear(box)
    await user.type(box, 'team')
    const list = within(condition).getByRole('listbox', { name: 'Price' })
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Team · €99/month price_team_m'])
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{ArrowDown}{Enter}')
    expect((box as HTMLInputElement).value).toBe('price_team_m')
    expect(within(condition).getByTestId('catalog-note').textContent).toBe('Team · €99/month')
    expect(box.getAttribute('aria-describedby')).toContain(within(condition).getByTestId('catalog-note').id)

    // An id Stripe does not list (an archived price) is kept as typed, and said to be outside it.
    await user.clear(box)
    await user.type(box, 'price_legacy')
    await user.keyboard('{Escape}')
    expect(within(condition).getByTestId('catalog-note').textContent).toBe(
      'price_legacy (not in your Stripe catalogue)',
    )

    await user.click(within(firstCardOf()).getByRole('button', { name: 'Add condition' }))
    const second = within(firstCardOf()).getByRole('group', { name: 'Condition 2' })
    await user.selectOptions(within(second).getByLabelText('Attribute'), 'product')
    await user.selectOptions(within(second).getByLabelText('Test'), 'in')
    await user.clear(within(second).getByLabelText('Values, separated by commas'))
    const add = within(second).getByRole('combobox', { name: 'Add a product from Stripe' })
    await user.type(add, 'pro')
    await user.click(within(second).getByRole('option', { name: 'Pro prod_pro' }))
    await user.type(add, 'tea')
    await user.keyboard('{Enter}')
    expect((add as HTMLInputElement).value).toBe('')
    expect((within(second).getByLabelText('Values, separated by commas') as HTMLInputElement).value).toBe(
      'prod_pro, prod_team',
    )
    expect(within(second).getByTestId('catalog-note').textContent).toBe('Pro; Team')

    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(savedBody(backend)[0]?.rule.conditions).toEqual([
      { attribute: 'plan', operator: 'equals', value: 'price_legacy' },
      { attribute: 'product', operator: 'in', value: ['prod_pro', 'prod_team'] },
    ])
  })

  it("takes MRR as money in the account's currency and keeps cents in the rule", async () => {
    const backend = backendWith().on(PLANS, { body: { data: CATALOGUE } })
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const condition = await firstCondition()
    await user.selectOptions(within(condition).getByLabelText('Attribute'), 'mrr')
    await user.selectOptions(within(condition).getByLabelText('Test'), 'gt')
    await waitFor(() =>
      expect(
        within(condition).getByText('Monthly revenue in EUR, your Stripe prices’ currency'),
      ).toBeTruthy(),
    )
    const value = within(condition).getByLabelText('Value')
    await user.clear(value)
    await user.type(value, '49.999')
    expect(within(condition).getByText('Enter an amount in EUR, such as 29.00')).toBeTruthy()
    await user.clear(value)
    await user.type(value, '49.90')
    expect(within(condition).queryByText('Enter an amount in EUR, such as 29.00')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(savedBody(backend)[0]?.rule.conditions).toEqual([
      { attribute: 'mrr', operator: 'gt', value: 4990 },
    ])
  })

  it('says when the catalogue cannot be read, and takes a typed id', async () => {
    const backend = backendWith().on(PLANS, failure(400, 'CONFIGURATION_ERROR', 'Connect Stripe first'))
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const condition = await firstCondition()
    await user.selectOptions(within(condition).getByLabelText('Attribute'), 'product')
    await waitFor(() =>
      expect(within(condition).getByTestId('catalog-note').textContent).toContain(
        'Your Stripe catalogue could not be read (Connect Stripe first): type a Stripe product id.',
      ),
    )
    const box = within(condition).getByRole('combobox', { name: 'Product' })
    await user.clear(box)
    await user.type(box, 'prod_legacy')
    expect(within(condition).queryByRole('listbox')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(savedBody(backend)[0]?.rule.conditions).toEqual([
      { attribute: 'product', operator: 'equals', value: 'prod_legacy' },
    ])
  })

  it('gives the sample subscriber a plan and product from the catalogue and MRR as money', async () => {
    const teamAbove40 = storedSegment({
      rule: {
        match: 'all',
        conditions: [
          { attribute: 'plan', operator: 'equals', value: 'price_team_m' },
          { attribute: 'mrr', operator: 'gt', value: 4000 },
        ],
      },
    })
    const backend = backendWith([teamAbove40]).on(PLANS, { body: { data: CATALOGUE } })
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const panel = await screen.findByRole('region', { name: 'Preview as a sample subscriber' })
    // The ids and cents typed by hand are gone from the sample as from the conditions.
    expect(within(panel).queryByLabelText(/Stripe price id|Stripe product id|in cents/)).toBeNull()
    const verdict = () => within(panel).getByTestId('sample-segment').textContent

    const plan = within(panel).getByRole('combobox', { name: 'Plan' })
    await user.type(plan, 'team')
    expect(within(panel).getByRole('listbox', { name: 'Plan' })).toBeTruthy()
    await user.keyboard('{Enter}')
    expect((plan as HTMLInputElement).value).toBe('price_team_m')
    const notes = () =>
      within(panel)
        .getAllByTestId('catalog-note')
        .map((note) => note.textContent)
    expect(notes()).toEqual(['Team · €99/month'])
    const product = within(panel).getByRole('combobox', { name: 'Product' })
    await user.type(product, 'pro')
    await user.click(within(panel).getByRole('option', { name: 'Pro prod_pro' }))
    expect(notes()).toEqual(['Team · €99/month', 'Pro'])

    const mrr = await within(panel).findByLabelText('MRR in EUR')
    await user.type(mrr, '39.90')
    expect(verdict()).toContain('the default flow')
    await user.clear(mrr)
    await user.type(mrr, '40.01')
    expect(verdict()).toContain('segment 1: Annual')
    await user.clear(mrr)
    await user.type(mrr, '40.001')
    expect(within(panel).getByText('Enter an amount in EUR, such as 29.00')).toBeTruthy()
    // Emptied, the MRR is not known again: a rule on it does not match.
    await user.clear(mrr)
    expect(within(panel).queryByText('Enter an amount in EUR, such as 29.00')).toBeNull()
    expect(verdict()).toContain('the default flow')

    // A member of the segment, filled from its rule: the amount shown as money, the plan by its id.
    await user.click(screen.getByRole('button', { name: 'Preview as a subscriber of Annual' }))
    expect((mrr as HTMLInputElement).value).toBe('40.01')
    expect((plan as HTMLInputElement).value).toBe('price_team_m')
    expect(verdict()).toContain('segment 1: Annual')
  })
})

const firstCardOf = () => screen.getByRole('listitem', { name: /1\. Annual/ })
