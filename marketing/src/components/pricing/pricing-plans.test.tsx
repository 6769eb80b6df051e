import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { PricingPlans, proPrice } from './pricing-plans'

afterEach(cleanup)

function proCard(): HTMLElement {
  return screen.getByRole('article', { name: /^Pro/ })
}

describe('PricingPlans', () => {
  it('starts monthly: Pro at $100, no Save 20% or 20% Off badge', () => {
    render(<PricingPlans />)
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true)
    expect(within(proCard()).getByText('$100')).toBeTruthy()
    expect(screen.queryByText('Save 20%')).toBeNull()
    expect(screen.queryByText('20% Off')).toBeNull()
  })

  it('switches to annual ($80 with both badges) and back to monthly ($100, badges gone)', () => {
    render(<PricingPlans />)
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }))
    expect((screen.getByRole('radio', { name: /Annual/ }) as HTMLInputElement).checked).toBe(true)
    expect(within(proCard()).getByText('$80')).toBeTruthy()
    expect(within(proCard()).queryByText('$100')).toBeNull()
    expect(screen.getByText('Save 20%').closest('label')?.textContent).toContain('Annual')
    expect(within(proCard()).getByText('20% Off')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }))
    expect(within(proCard()).getByText('$100')).toBeTruthy()
    expect(screen.queryByText('Save 20%')).toBeNull()
    expect(screen.queryByText('20% Off')).toBeNull()
  })

  it('is a labelled radio group, so keyboard and screen readers get a real control', () => {
    render(<PricingPlans />)
    const group = screen.getByRole('group', { name: 'Billing period' })
    expect(within(group).getAllByRole('radio')).toHaveLength(2)
  })

  it('lists the plan features from the spec, Starter at $0 with 50 sessions', () => {
    render(<PricingPlans />)
    const starter = screen.getByRole('article', { name: 'Starter' })
    expect(within(starter).getByText('$0')).toBeTruthy()
    expect(within(starter).getByText('Up to 50 cancel sessions per month')).toBeTruthy()
    expect(within(starter).getByText('Default non-editable flow and styling')).toBeTruthy()
    for (const feature of [
      'Everything in Starter',
      'Reactivation flows',
      'Priority support',
      'Custom flows',
    ]) {
      expect(within(proCard()).getByText(feature)).toBeTruthy()
    }
  })

  it("says Pro's allowance once, in the one wording the console uses: 500 included, then $1 each", () => {
    render(<PricingPlans />)
    expect(within(proCard()).getByText('500 cancel sessions a month included, then $1 each')).toBeTruthy()
    // Not beside an "unlimited" line that a footnote then contradicts.
    expect(within(proCard()).queryByText(/unlimited/i)).toBeNull()
    expect(document.body.textContent?.match(/500 cancel sessions a month included/g)).toHaveLength(1)
  })

  it('prices Pro from the shared constants', () => {
    expect(proPrice('monthly')).toBe(100)
    expect(proPrice('annual')).toBe(80)
  })
})
