import type { CancellationReason } from '@retainkit/shared/config-types'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetToasts, toastStore } from '../../lib/toast-store'
import {
  bodyOf,
  type FakeBackend,
  fail,
  installFakeBackend,
  ok,
  reasonsData,
} from '../test-support/fake-backend'
import { ReasonsEditor } from './reasons-editor'

let backend: FakeBackend
const THREE = createDefaultReasons().slice(0, 3)

beforeEach(() => {
  resetToasts()
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: THREE })))
    .on('POST', '/api/account', { action: 'reasons' }, (request) =>
      ok(reasonsData({ reasons: (request.body as { reasons: CancellationReason[] }).reasons })),
    )
})

afterEach(() => {
  cleanup()
  backend.restore()
})

const rows = () =>
  screen.getAllByRole('listitem').filter((item) => item.classList.contains('rk-reasons__item'))
const labelsShown = () =>
  rows().map((row) => (within(row).getByLabelText('Label shown to subscribers') as HTMLInputElement).value)

async function open(props: Partial<Parameters<typeof ReasonsEditor>[0]> = {}) {
  render(<ReasonsEditor accountId="acme" {...props} />)
  await screen.findByRole('button', { name: 'Add reason' })
}

describe('ReasonsEditor', () => {
  it('loads the account reasons from GET …&action=reasons', async () => {
    await open()
    expect(backend.calls('/api/account')[0]?.query).toEqual({ accountId: 'acme', action: 'reasons' })
    expect(labelsShown()).toEqual(["It's too expensive", "I'm not using it enough", 'I found an alternative'])
  })

  it('adds a reason (focus on its label), validates it, and saves the list with POST', async () => {
    const user = userEvent.setup()
    await open()
    await user.click(screen.getByRole('button', { name: 'Add reason' }))
    expect(rows()).toHaveLength(4)
    const added = rows()[3] as HTMLElement
    expect(document.activeElement).toBe(within(added).getByLabelText('Label shown to subscribers'))
    expect(within(added).getByText('Reason key is required')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    expect(await screen.findByText('Fix the 2 problems below before saving the reasons.')).toBeTruthy()
    expect(backend.calls('/api/account', 'POST')).toHaveLength(0)

    await user.type(within(added).getByLabelText('Label shown to subscribers'), 'Moving abroad')
    await user.click(within(added).getByRole('button', { name: 'Use “moving_abroad” as the key' }))
    await user.selectOptions(within(added).getByLabelText('Save offer'), 'pause')
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))

    await waitFor(() => expect(backend.calls('/api/account', 'POST')).toHaveLength(1))
    const body = backend.calls('/api/account', 'POST')[0]?.body as { reasons: CancellationReason[] }
    expect(body.reasons[3]).toEqual({
      key: 'moving_abroad',
      label: 'Moving abroad',
      feedback: 'any_reason',
      offer: 'pause',
      enabled: true,
    })
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Reasons saved'))
  })

  it('removes and reorders reasons from the keyboard, and the order is what gets saved', async () => {
    const user = userEvent.setup()
    const changes: CancellationReason[][] = []
    await open({ onReasonsChange: (reasons) => changes.push(reasons) })
    const second = rows()[1] as HTMLElement
    await user.click(within(second).getByRole('button', { name: /^Move up\s*: I'm not using it enough$/ }))
    expect(labelsShown()).toEqual(["I'm not using it enough", "It's too expensive", 'I found an alternative'])
    // At the top the 'Move up' button is gone: focus stays with the moved row. (happy-dom lays the visually
    // hidden span out as a block, so accessible names may carry a space before the colon.)
    expect(document.activeElement?.textContent).toBe("Move down: I'm not using it enough")

    await user.keyboard('{Enter}')
    expect(labelsShown()).toEqual(["It's too expensive", "I'm not using it enough", 'I found an alternative'])

    await user.click(
      within(rows()[2] as HTMLElement).getByRole('button', { name: /^Remove\s*: I found an alternative$/ }),
    )
    expect(labelsShown()).toEqual(["It's too expensive", "I'm not using it enough"])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add reason' }))
    expect(changes.at(-1)?.map((reason) => reason.key)).toEqual(['too_expensive', 'not_using_enough'])

    await user.click(
      within(rows()[0] as HTMLElement).getByRole('button', { name: /^Move down\s*: It's too expensive$/ }),
    )
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    await waitFor(() => expect(backend.calls('/api/account', 'POST')).toHaveLength(1))
    const saved = bodyOf<{ reasons: CancellationReason[] }>(backend.calls('/api/account', 'POST')[0]).reasons
    expect(saved.map((reason) => reason.key)).toEqual(['not_using_enough', 'too_expensive'])
  })

  it('shows the list rule and duplicate keys with the schema messages', async () => {
    const user = userEvent.setup()
    await open()
    const third = rows()[2] as HTMLElement
    const key = within(third).getByLabelText('Key (for analytics)')
    await user.clear(key)
    await user.type(key, 'too_expensive')
    expect(within(third).getByText('Reason keys must be unique')).toBeTruthy()
    expect(within(rows()[0] as HTMLElement).getByText('Reason keys must be unique')).toBeTruthy()

    for (let i = 0; i < 3; i++)
      await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: /^Remove/ }))
    expect(screen.getByText('At least one reason required')).toBeTruthy()
  })

  it('discards unsaved changes and reports dirtiness', async () => {
    const user = userEvent.setup()
    const dirty: boolean[] = []
    await open({ onDirtyChange: (value) => dirty.push(value) })
    await user.click(within(rows()[0] as HTMLElement).getByLabelText('Shown to subscribers'))
    expect(dirty.at(-1)).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Discard reason changes' }))
    expect(dirty.at(-1)).toBe(false)
    expect(
      (within(rows()[0] as HTMLElement).getByLabelText('Shown to subscribers') as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('shows a server refusal on the field it names', async () => {
    const user = userEvent.setup()
    backend.on(
      'POST',
      '/api/account',
      { action: 'reasons' },
      fail(400, 'VALIDATION_FAILED', 'Reason label too long', {
        field: 'reasons.0.label',
        issues: [{ field: 'reasons.0.label', message: 'Reason label too long' }],
      }),
    )
    await open()
    await user.type(within(rows()[0] as HTMLElement).getByLabelText('Label shown to subscribers'), '!')
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    expect(await within(rows()[0] as HTMLElement).findByText('Reason label too long')).toBeTruthy()
    expect(toastStore.getState().toasts[0]).toMatchObject({
      title: 'Reasons not saved',
      variant: 'destructive',
    })
  })

  it('is read-only without edit rights, and retries a failed load', async () => {
    backend.on('GET', '/api/account', { action: 'reasons' }, fail(500, 'DATABASE_ERROR', 'boom'))
    render(<ReasonsEditor accountId="acme" readOnly />)
    expect(await screen.findByText(/Cancellation reasons could not be loaded/)).toBeTruthy()
    backend.on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: THREE })))
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByRole('button', { name: 'Add reason' })
    expect(screen.queryByRole('button', { name: 'Save reasons' })).toBeNull()
    expect(rows()[0]?.querySelector('fieldset')?.hasAttribute('disabled')).toBe(true)
  })

  it('saves on top of the version it loaded, and offers a reload when someone else saved first', async () => {
    const user = userEvent.setup()
    backend.on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: THREE, version: 4 })))
    backend.on(
      'POST',
      '/api/account',
      { action: 'reasons' },
      fail(
        409,
        'CONSTRAINT_VIOLATION',
        'These reasons were changed by someone else (now version 5). Reload them before saving.',
        { field: 'base_version' },
      ),
    )
    await open()
    await user.type(within(rows()[0] as HTMLElement).getByLabelText('Label shown to subscribers'), '!')
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Someone else saved the cancellation reasons while you were editing them.',
    )
    expect(backend.calls('/api/account', 'POST')[0]?.query).toMatchObject({
      action: 'reasons',
      base_version: '4',
    })

    // Reloading shows their version and saves on top of it from then on.
    const theirs = createDefaultReasons().slice(0, 2)
    backend.on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: theirs, version: 5 })))
    backend.on('POST', '/api/account', { action: 'reasons' }, (request) =>
      ok(reasonsData({ reasons: (request.body as { reasons: CancellationReason[] }).reasons, version: 6 })),
    )
    await user.click(within(alert).getByRole('button', { name: 'Reload latest reasons' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.queryByRole('alert')).toBeNull()
    await user.type(within(rows()[0] as HTMLElement).getByLabelText('Label shown to subscribers'), '?')
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    await waitFor(() => expect(backend.calls('/api/account', 'POST')).toHaveLength(2))
    expect(backend.calls('/api/account', 'POST')[1]?.query).toMatchObject({ base_version: '5' })
  })

  it('starts from the version given with the reasons', async () => {
    const user = userEvent.setup()
    render(<ReasonsEditor accountId="acme" initialReasons={THREE} initialVersion={7} />)
    await screen.findByRole('button', { name: 'Add reason' })
    await user.type(within(rows()[0] as HTMLElement).getByLabelText('Label shown to subscribers'), '!')
    await user.click(screen.getByRole('button', { name: 'Save reasons' }))
    await waitFor(() => expect(backend.calls('/api/account', 'POST')).toHaveLength(1))
    expect(backend.calls('/api/account', 'POST')[0]?.query).toMatchObject({ base_version: '7' })
  })
})
