import { createDefaultConfig, createDefaultReasons } from '@retainkit/shared/default-config'
import { fireEvent, within } from '@testing-library/dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flowConfig, flowReasons } from '../test-support/fake-api'
import { mountPreview, PREVIEW_SCREENS, type PreviewProps } from './index'

let fetchSpy: ReturnType<typeof vi.fn>
let container: HTMLElement

beforeEach(() => {
  fetchSpy = vi.fn()
  window.fetch = fetchSpy as unknown as typeof fetch
  localStorage.clear()
  container = document.createElement('div')
  document.body.append(container)
})

afterEach(() => {
  // Whatever a test did, the preview never touched the network or storage.
  expect(fetchSpy).not.toHaveBeenCalled()
  expect(localStorage.length).toBe(0)
  document.body.innerHTML = ''
})

function mount(props: Partial<PreviewProps> = {}) {
  const base: PreviewProps = { config: flowConfig(), reasons: flowReasons(), ...props }
  const handle = mountPreview(container, base)
  const ui = within(container.shadowRoot as unknown as HTMLElement)
  return {
    handle,
    ui,
    update: (next: Partial<PreviewProps>) => handle.update({ ...base, ...next }),
    heading: () => ui.getByRole('heading', { level: 2 }).textContent,
  }
}

describe('mountPreview', () => {
  it('draws the real flow inline in a shadow root: not modal, and it never takes focus', () => {
    const input = document.createElement('input')
    document.body.append(input)
    input.focus()
    const { ui, heading } = mount()
    expect(heading()).toBe('Before you go…')
    const dialog = ui.getByRole('dialog')
    expect(dialog.getAttribute('aria-modal')).toBeNull()
    expect(dialog.parentElement?.className).toBe('i')
    expect(document.activeElement).toBe(input)
    expect(ui.getByText('Step 1 of 4')).toBeTruthy()
  })

  it('counts the steps a subscriber in the previewed jurisdiction mode walks', () => {
    // Minnesota: no offer before the cancellation, so three steps, not four.
    const preview = mount({ eligibleOffers: [], mode: 'offers_after_cancel' })
    expect(preview.ui.getByText('Step 1 of 3')).toBeTruthy()
    preview.update({ eligibleOffers: [], mode: 'offers_after_cancel', screen: { kind: 'confirm' } })
    expect(preview.ui.getByText('Step 3 of 3')).toBeTruthy()
    // The standard mode keeps the offer step, even when the sample subscriber has no offer.
    preview.update({ eligibleOffers: [], mode: 'standard', screen: { kind: 'confirm' } })
    expect(preview.ui.getByText('Step 4 of 4')).toBeTruthy()
  })

  it('follows every update: copy as it is typed, theme, and the screen asked for', () => {
    const preview = mount()
    for (const headline of ['W', 'Wa', 'Wait!']) {
      preview.update({ config: flowConfig((c) => (c.copy.general.headline = headline)) })
      expect(preview.heading()).toBe(headline)
    }
    const sheets = (container.shadowRoot as ShadowRoot).adoptedStyleSheets
    preview.update({ config: flowConfig((c) => (c.theme = { primary_color: '#b91c1c' })) })
    expect(Array.from(sheets[1]?.cssRules ?? [], (r) => r.cssText).join('')).toContain(
      '--rk-primary: #b91c1c',
    )

    preview.update({ screen: { kind: 'offer', offer: 'pause' } })
    expect(preview.heading()).toBe('Need a break? Pause instead')
    preview.update({ screen: { kind: 'final' } })
    expect(preview.heading()).toBe('Your cancellation is confirmed')
    // A config change keeps the screen being looked at.
    preview.update({
      screen: { kind: 'final' },
      config: flowConfig((c) => (c.copy.final.headline = 'All done')),
    })
    expect(preview.heading()).toBe('All done')
  })

  it('ignores a screen that is not one of the flow (checked here: the machine trusts its screens)', () => {
    const preview = mount({ screen: { kind: 'nowhere' } as never })
    expect(preview.heading()).toBe(flowConfig().copy.general.headline)
    preview.update({ screen: { kind: 'offer', offer: 'pause' } })
    const before = preview.heading()
    preview.update({ screen: { kind: 'offer', offer: 'bogus' } as never })
    preview.update({ screen: { kind: 'feedback', category: 'bogus' } as never })
    expect(preview.heading()).toBe(before)
  })

  it('shows the discount as subscribers see it: its promo code is not published, so not shown', () => {
    const preview = mount({ screen: { kind: 'offer', offer: 'discount' } })
    expect(flowConfig().discount.promo_code).toBe('STAY20')
    expect(preview.ui.getByRole('dialog').textContent).toContain('20% off for 3 months')
    expect(preview.ui.getByRole('dialog').textContent).not.toContain('STAY20')
  })

  it('lets the merchant click through with sample answers and no side effects', async () => {
    const preview = mount({ screen: { kind: 'offer', offer: 'discount' } })
    fireEvent.click(preview.ui.getByRole('button', { name: 'Accept 20% off' }))
    await vi.waitFor(() => expect(preview.heading()).toBe('Your discount is on'))
    preview.update({ screen: { kind: 'confirm' } })
    fireEvent.click(preview.ui.getByRole('button', { name: 'Confirm cancellation' }))
    await vi.waitFor(() => expect(preview.heading()).toBe('Your cancellation is confirmed'))
    fireEvent.click(preview.ui.getByRole('button', { name: 'Save this confirmation' }))
    // Keeping the subscription ends a real flow; the preview starts over instead of going blank.
    preview.update({ screen: { kind: 'reason' } })
    fireEvent.click(preview.ui.getByRole('button', { name: 'Keep my subscription' }))
    await vi.waitFor(() => expect(preview.ui.getAllByRole('button').length).toBeGreaterThan(1))
    expect(preview.heading()).toBe('Before you go…')
  })

  it('renders the reactivation banner variant with the winback terms and the confirmation', async () => {
    const preview = mount({ variant: 'banner' })
    const region = preview.ui.getByRole('region', { name: 'Welcome back!' })
    // The default banner: 25% off the first month of a sample $29/month plan.
    expect(region.textContent).toContain(
      'Pro: 25% off, $21.75 for the first charge, then $29.00 every month.',
    )
    expect(region.textContent).toContain('Renews automatically')
    fireEvent.click(preview.ui.getByRole('button', { name: 'Reactivate' }))
    fireEvent.click(preview.ui.getByRole('button', { name: 'Confirm: $21.75 today' }))
    await vi.waitFor(() => expect(preview.ui.getByRole('status').textContent).toContain('active again'))
  })

  it('destroy empties the shadow root', () => {
    const { handle } = mount()
    handle.destroy()
    expect(container.shadowRoot?.childNodes.length).toBe(0)
  })
})

describe('PREVIEW_SCREENS', () => {
  it('lists the screens of the default flow in order, offers only when enabled', () => {
    const screens = PREVIEW_SCREENS(createDefaultConfig(), createDefaultReasons())
    expect(screens.map((s) => s.label)).toEqual([
      'Reason',
      'Feedback: any reason',
      'Feedback: switched to a competitor',
      'Feedback: bad experience',
      'Feedback: other',
      'Offer: Discount',
      'Offer: Pause',
      'Confirm',
      'Success: Discount',
      'Success: Pause',
      'Final confirmation',
    ])
    expect(screens[1]?.screen).toEqual({ kind: 'feedback', category: 'any_reason' })
  })

  it('follows the configured steps', () => {
    const config = flowConfig((c) => {
      c.cancellation_flow = { steps: ['offer', 'confirm'], require_reason: false, collect_feedback: false }
    })
    const labels = PREVIEW_SCREENS(config, flowReasons()).map((s) => s.label)
    expect(labels).toEqual([
      'Offer: Discount',
      'Offer: Pause',
      'Offer: Plan switch',
      'Offer: Billing-cycle switch',
      'Confirm',
      'Success: Discount',
      'Success: Pause',
      'Success: Plan switch',
      'Success: Billing-cycle switch',
      'Final confirmation',
    ])
  })
})
