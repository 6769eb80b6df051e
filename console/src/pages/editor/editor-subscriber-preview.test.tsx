import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { builtInLegal } from '@retainkit/shared/i18n'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeBackend, signInTestSession } from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { installEditorBackend, openEditor } from './test-support/editor-setup'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)

/**
 * Issue 34: "Preview as a subscriber from …" — the editor's live preview takes a country, a state and
 * the subscription's start, and shows the flow that subscriber gets (the mode decided by the shared
 * jurisdiction functions the server uses), with warnings for the rules the draft breaks.
 */
let backend: FakeBackend

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function open(config?: CancelFlowConfig) {
  previewRecorder.reset()
  signInTestSession({ role: 'owner' })
  backend = installEditorBackend(config ? { config } : {})
  await openEditor()
  return screen.getByRole('group', { name: 'Preview as a subscriber from …' })
}

async function from(group: HTMLElement, country: string, state = '', startedOn = '') {
  const user = userEvent.setup()
  const fill = async (label: string, value: string) => {
    const input = within(group).getByLabelText(label) as HTMLInputElement
    await user.clear(input)
    if (value) await user.type(input, value)
  }
  await fill('Country (ISO code)', country)
  await fill('State or province', state)
  // A date input takes its value whole, as a date picker sets it.
  fireEvent.change(within(group).getByLabelText('Subscription started on'), { target: { value: startedOn } })
  return within(group).getByRole('status').textContent ?? ''
}

beforeEach(() => {
  previewRecorder.reset()
})

afterEach(() => {
  cleanup()
  backend.restore()
})

describe('editor: preview as a subscriber from …', () => {
  it('shows each region its mode, decided as the server decides it', async () => {
    const group = await open()
    expect(within(group).getByRole('status').textContent).toContain('no address')
    expect(previewRecorder.current()?.eligibleOffers).toEqual(OFFER_TYPES)

    expect(await from(group, 'us', 'ca')).toContain('built-in rule for US-CA')
    expect(previewRecorder.current()?.eligibleOffers).toEqual(OFFER_TYPES)

    const minnesota = await from(group, 'US', 'MN')
    expect(minnesota).toContain('Offers only after the cancellation')
    expect(previewRecorder.current()?.eligibleOffers).toEqual([])
    // The preview counts the steps as the subscriber's session does: no offer step in this mode.
    expect(previewRecorder.current()?.mode).toBe('offers_after_cancel')

    const uk = await from(group, 'GB')
    expect(uk).toContain('Capped screens and offers')
    expect(previewRecorder.current()?.cap).toEqual({ max_offers: 1, max_screens: 3 })
    expect(previewRecorder.current()?.mode).toBe('offer_cap')
    expect(previewRecorder.current()?.eligibleOffers).toEqual(OFFER_TYPES)
  })

  it('shows Germany and the EU inside the withdrawal period the statutory page instead of the flow', async () => {
    const group = await open()
    const english = builtInLegal('en').statutory.words
    expect(await from(group, 'DE')).toContain('Statutory cancellation page')
    const page = screen.getByRole('region', { name: 'Statutory page preview' })
    expect(within(page).getByRole('heading').textContent).toBe(english.termination_headline)
    expect(page.textContent).toContain(english.submit_termination)
    expect(page.textContent).toContain(english.email_label)

    // France, three days into the subscription: the withdrawal function.
    const inside = await from(group, 'FR', '', dayOffset(-3))
    expect(inside).toContain('inside the withdrawal period')
    const withdrawal = screen.getByRole('region', { name: 'Statutory page preview' })
    expect(withdrawal.textContent).toContain(english.submit_withdrawal)
    expect(withdrawal.textContent).not.toContain(english.time_legend)

    // A month in, the withdrawal period is over: France gets the merchant's flow.
    expect(await from(group, 'FR', '', dayOffset(-30))).toContain('Standard flow')
    expect(screen.queryByRole('region', { name: 'Statutory page preview' })).toBeNull()
    expect(previewRecorder.current()?.eligibleOffers).toEqual(OFFER_TYPES)
  })

  it('honours the merchant’s own rules and offer switches', async () => {
    const config = createDefaultConfig()
    config.compliance = {
      suppress_offers: false,
      suppress_offers_in: ['US-TX'],
      jurisdictions: {
        built_in_rules: true,
        rules: [{ region: 'US-CA', mode: 'offers_after_cancel' }],
        default_mode: 'standard',
        cap: { max_offers: 0, max_screens: 2 },
        withdrawal_days: 14,
      },
    }
    const group = await open(config)
    expect(await from(group, 'US', 'CA')).toContain("the merchant's rule for US-CA")
    expect(previewRecorder.current()?.eligibleOffers).toEqual([])
    expect(await from(group, 'US', 'TX')).toContain('Standard flow')
    expect(previewRecorder.current()?.eligibleOffers).toEqual([])
    await from(group, 'GB')
    expect(previewRecorder.current()?.cap).toEqual({ max_offers: 0, max_screens: 2 })
    expect(previewRecorder.current()?.eligibleOffers).toEqual([])
  })

  it('warns about an offer without a cancel control beside it, a flow over the cap, untranslated legal words', async () => {
    const config = createDefaultConfig()
    config.copy.discount.cta_secondary = 'Maybe later'
    config.languages = {
      default: 'en',
      translations: { ar: { 'copy.general.headline': 'قبل أن تغادر…' } },
    }
    const group = await open(config)
    const warnings = within(group)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '')
    expect(warnings.some((text) => text.startsWith('Discount (English)') && text.includes('cancel'))).toBe(
      true,
    )
    // The pause offer still says "No thanks, cancel".
    expect(warnings.some((text) => text.startsWith('Pause'))).toBe(false)
    expect(warnings.some((text) => text.includes('the cap is 3 screens and 1 offer,'))).toBe(true)
    expect(
      warnings.some(
        (text) =>
          text.startsWith('Arabic lacks words for') &&
          text.includes('the price terms') &&
          text.includes('wholly in English'),
      ),
    ).toBe(true)
  })

  it('has no warning about the default flow’s offers or its built-in languages', async () => {
    const group = await open()
    const warnings = within(group)
      .queryAllByRole('listitem')
      .map((item) => item.textContent ?? '')
    expect(warnings.filter((text) => !text.includes('the cap is'))).toEqual([])
  })
})
