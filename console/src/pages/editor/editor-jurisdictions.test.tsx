import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { cleanup, screen, within } from '@testing-library/react'
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
 * Issue 34: the merchant maps countries and states to jurisdiction modes in the editor's Compliance
 * section — the built-in rules on or off, their own rules by region, the mode for everyone else, the
 * cap on screens and offers, the withdrawal period, and a copy of every cancellation receipt.
 */
let backend: FakeBackend
const draft = () => previewRecorder.current()?.config as CancelFlowConfig
const jurisdictions = () => draft().compliance?.jurisdictions

beforeEach(() => {
  previewRecorder.reset()
  signInTestSession({ role: 'owner' })
  backend = installEditorBackend()
})

afterEach(() => {
  cleanup()
  backend.restore()
})

describe('editor: jurisdiction modes', () => {
  it('maps a region to a mode, checks the code, removes it; sets the mode elsewhere, the cap and the copy', async () => {
    const user = userEvent.setup()
    await openEditor()
    const group = within(screen.getByRole('region', { name: 'Compliance' })).getByRole('group', {
      name: 'Jurisdiction modes',
    })
    expect(within(group).getByText(/not legal advice/)).toBeTruthy()
    const built = within(group).getByLabelText(/Use the built-in rules/) as HTMLInputElement
    expect(built.checked).toBe(true)

    const region = within(group).getByLabelText('Region code')
    await user.type(region, 'texas')
    await user.click(within(group).getByRole('button', { name: 'Add rule' }))
    expect(within(group).getByText('Use an ISO country or region code, e.g. US-MN')).toBeTruthy()
    await user.clear(region)
    await user.type(region, 'us-tx')
    await user.selectOptions(within(group).getByLabelText('Mode for the region'), 'offers_after_cancel')
    await user.click(within(group).getByRole('button', { name: 'Add rule' }))
    expect(jurisdictions()?.rules).toEqual([{ region: 'US-TX', mode: 'offers_after_cancel' }])
    // A second rule for the same region is refused, not added twice.
    await user.type(region, 'US-TX')
    await user.click(within(group).getByRole('button', { name: 'Add rule' }))
    expect(within(group).getByText('US-TX already has a rule')).toBeTruthy()
    expect(jurisdictions()?.rules).toHaveLength(1)
    await user.selectOptions(within(group).getByLabelText('Mode for US-TX'), 'statutory_button')
    expect(jurisdictions()?.rules).toEqual([{ region: 'US-TX', mode: 'statutory_button' }])

    await user.selectOptions(within(group).getByLabelText('Everywhere else'), 'offer_cap')
    const offers = within(group).getByLabelText('Offers at most')
    await user.clear(offers)
    await user.type(offers, '0')
    const screens = within(group).getByLabelText('Screens at most')
    await user.clear(screens)
    await user.type(screens, '2')
    await user.click(built)
    expect(jurisdictions()).toMatchObject({
      built_in_rules: false,
      default_mode: 'offer_cap',
      cap: { max_offers: 0, max_screens: 2 },
      withdrawal_days: 14,
    })

    await user.click(within(group).getByRole('button', { name: 'Remove the rule for US-TX' }))
    expect(jurisdictions()?.rules).toEqual([])
    await user.click(within(group).getByLabelText(/copy of every cancellation receipt/))
    expect(draft().compliance?.receipt_copy).toBe(true)
  })
})
