import { cleanup, fireEvent, render, screen } from '@testing-library/preact'
import { afterEach, describe, expect, it } from 'vitest'
import { RoiCalculator } from './roi-calculator'
import { ROI_MESSAGES } from './roi-math'

afterEach(cleanup)

function figure(label: string): string {
  return screen.getByText(label).nextElementSibling?.textContent ?? ''
}

describe('RoiCalculator', () => {
  it('shows the default scenario on first render (what the prerendered page shows)', () => {
    render(<RoiCalculator />)
    expect(figure('Recovered subscribers per month')).toBe('16')
    expect(figure('Recovered MRR')).toBe('$480')
    expect(figure('Annual revenue recovered')).toBe('$5,760')
  })

  it('recalculates as the inputs and sliders change', () => {
    render(<RoiCalculator />)
    fireEvent.change(screen.getByLabelText('Active subscribers'), { target: { value: '2000' } })
    expect(figure('Recovered MRR')).toBe('$960')
    fireEvent.change(screen.getByRole('slider', { name: /Saved by cancel flows/ }), {
      target: { value: '30' },
    })
    // 100 cancel; 30 saved; 15% of 70 = 10.5 won back → 40.5 × $30.
    expect(figure('Recovered subscribers per month')).toBe('40.5')
    expect(figure('Recovered MRR')).toBe('$1,215')
  })

  it('shows a validation message tied to the field, and no result, for out-of-range churn', () => {
    render(<RoiCalculator />)
    const churn = screen.getByLabelText('Monthly churn rate (%)')
    fireEvent.change(churn, { target: { value: '120' } })
    const error = screen.getByText(ROI_MESSAGES.churnRange)
    expect(churn.getAttribute('aria-invalid')).toBe('true')
    expect(churn.getAttribute('aria-describedby')).toContain(error.id)
    expect(screen.queryByText('Recovered MRR')).toBeNull()
    expect(screen.getByText('Fix the highlighted fields to see your estimate.')).toBeTruthy()
  })

  it('reports empty and negative values', () => {
    render(<RoiCalculator />)
    fireEvent.change(screen.getByLabelText('Active subscribers'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Average monthly price (USD)'), { target: { value: '-3' } })
    expect(screen.getByText(ROI_MESSAGES.subscribersRequired)).toBeTruthy()
    expect(screen.getByText(ROI_MESSAGES.priceNegative)).toBeTruthy()
  })
})
