import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeBackend, fail, signInTestSession } from '../../features/test-support/fake-backend'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { isDisabled } from '../../features/test-support/render-page'
import { resetToasts } from '../../lib/toast-store'
import { installEditorBackend, openEditor } from './test-support/editor-setup'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)

let backend: FakeBackend

function start(tier: 'free' | 'pro') {
  backend = installEditorBackend({ tier })
}

const section = (name: string) => screen.getByRole('region', { name })

beforeEach(() => {
  previewRecorder.reset()
  resetToasts()
})

afterEach(() => {
  cleanup()
  backend.restore()
})

describe('editor: free tier', () => {
  beforeEach(() => {
    signInTestSession({ role: 'owner' })
    start('free')
  })

  it('locks styling, flow, offers and the banner behind an upgrade prompt; copy stays editable', async () => {
    await openEditor()
    const styling = section('Styling')
    expect(within(styling).getByText('Custom styling is a Pro feature.')).toBeTruthy()
    expect(within(styling).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      '/settings/?tab=billing',
    )
    expect(isDisabled(within(styling).getByLabelText('Primary colour (buttons) hex value'))).toBe(true)

    expect(within(section('Flow')).getByText('A custom flow is a Pro feature.')).toBeTruthy()
    expect(isDisabled(within(section('Flow')).getByLabelText('Ask for a reason'))).toBe(true)
    expect(within(section('Save offers')).getByText('Save offers is a Pro feature.')).toBeTruthy()
    expect(isDisabled(within(section('Save offers')).getByLabelText('Offer a discount'))).toBe(true)
    expect(
      within(section('Reactivation banner')).getByText('The reactivation banner is a Pro feature.'),
    ).toBeTruthy()

    const copyHeadline = within(screen.getByRole('group', { name: 'Reason question' })).getByLabelText(
      'Headline',
    )
    expect(isDisabled(copyHeadline)).toBe(false)
    expect(within(section('Copy')).queryByText(/is a Pro feature/)).toBeNull()
    // Stripe prices are never asked for: free accounts cannot offer plan switches anyway.
    expect(backend.calls('/api/stripe/plans/acme')).toHaveLength(0)
  })

  it("shows the server's BUSINESS_RULE_VIOLATION message when a save is refused", async () => {
    const user = userEvent.setup()
    const message = 'Custom styling is a Pro feature. Upgrade to Pro to change the theme.'
    backend.on(
      'PUT',
      '/api/account',
      { action: 'config' },
      fail(422, 'BUSINESS_RULE_VIOLATION', message, { field: 'config_json.theme' }),
    )
    await openEditor()
    const headline = within(screen.getByRole('group', { name: 'Reason question' })).getByLabelText('Headline')
    await user.type(headline, '!')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const alerts = await screen.findAllByRole('alert')
    expect(alerts.some((alert) => alert.textContent === message)).toBe(true)
    expect(screen.getByText(/^Version 1/)).toBeTruthy()
  })
})

describe('editor: without canEditConfig', () => {
  beforeEach(() => {
    signInTestSession({ role: 'viewer' })
    start('pro')
  })

  it('is a read-only view with a message, still showing the preview', async () => {
    await openEditor()
    expect(screen.getByText(/You can view this flow but not change it/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull()
    const headline = within(screen.getByRole('group', { name: 'Reason question' })).getByLabelText('Headline')
    expect(isDisabled(headline)).toBe(true)
    expect(isDisabled(screen.getByLabelText('Primary colour (buttons) hex value'))).toBe(true)
    expect(previewRecorder.mounts[0]?.props.config.copy.general.headline).toBe('Before you go…')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save reasons' })).toBeNull())
  })
})
