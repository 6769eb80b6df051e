import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { FakeBackend } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { renderSection } from './settings-test-support'
import { WebhooksSettings } from './webhooks-settings'

registerConsoleCleanup()

const LIST = 'GET /api/webhooks/acme'
const CREATE = 'POST /api/webhooks/acme'
const LOG = 'GET /api/webhooks/acme/deliveries'
const REPLAY = 'POST /api/webhooks/acme/deliveries/7/replay'

const endpoint = {
  id: 'we_1',
  url: 'https://merchant.example/hooks',
  kind: 'generic',
  events: ['offer.accepted', 'save.lost'],
  description: null,
  created_at: '2026-05-01T10:00:00.000Z',
}

const delivery = {
  id: '7',
  endpoint_id: 'we_1',
  event_id: 'evt_1',
  event_type: 'offer.accepted',
  status: 'delivered',
  attempts: 4,
  last_status: 200,
  next_attempt_at: null,
  created_at: '2026-05-01T10:00:00.000Z',
  delivered_at: '2026-05-01T10:05:00.000Z',
  test: false,
  log: [500, 503, 502, 200].map((status) => ({
    at: '2026-05-01T10:00:00.000Z',
    status,
    error: null,
    duration_ms: 5,
  })),
}

describe('webhooks section', () => {
  it('adds an HTTPS endpoint with chosen events and shows its secret once', async () => {
    let added = false
    const backend = new FakeBackend()
      .on(LIST, () => ({ body: { data: added ? [endpoint] : [] } }))
      .on(LOG, { body: { data: [] } })
      .on(CREATE, () => {
        added = true
        return { status: 201, body: { data: { ...endpoint, secret: 'whsec_shown_once' } } }
      })
    const user = userEvent.setup()
    renderSection(<WebhooksSettings accountId="acme" />, { backend })
    expect(await screen.findByText('No endpoints yet.')).toBeTruthy()
    const url = screen.getByLabelText('Endpoint URL')
    await user.type(url, 'http://merchant.example/hooks')
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    const error = await screen.findByText('The endpoint URL must start with https://')
    expect(url.getAttribute('aria-describedby')).toContain(error.id)
    expect(url.getAttribute('aria-invalid')).toBe('true')
    expect(backend.requestsTo(CREATE)).toHaveLength(0)

    await user.clear(url)
    await user.type(url, 'https://merchant.example/hooks')
    const events = screen.getByRole('group', { name: 'Events' })
    await user.click(within(events).getByRole('checkbox', { name: /session\.started/ }))
    await user.selectOptions(screen.getByLabelText('Format'), 'slack')
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    const secret = (await screen.findByLabelText('Signing secret')) as HTMLInputElement
    expect(secret.value).toBe('whsec_shown_once')
    expect(backend.requestsTo(CREATE)[0]?.body).toEqual({
      url: 'https://merchant.example/hooks',
      kind: 'slack',
      events: [
        'offer.accepted',
        'subscription.cancel_scheduled',
        'reactivation.accepted',
        'save.lost',
        'payment.failed',
        'payment.recovered',
        'payment.lost',
      ],
    })
    expect(await screen.findByText('https://merchant.example/hooks')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(document.body.innerHTML).not.toContain('whsec_shown_once')
  })

  it('shows the delivery log naming each endpoint, and says what a replay is doing until it lands', async () => {
    let replayedAttempt = false
    const answered = { at: '2026-05-02T10:00:00.000Z', status: 204, error: null, duration_ms: 5 }
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, () => ({
        body: {
          data: [
            replayedAttempt ? { ...delivery, last_status: 204, log: [...delivery.log, answered] } : delivery,
          ],
        },
      }))
      .on(REPLAY, { body: { data: { replayed: true } } })
    const user = userEvent.setup()
    renderSection(<WebhooksSettings accountId="acme" />, { backend })
    const log = await screen.findByRole('table', { name: 'Recent deliveries' })
    expect(within(log).getByText('500, 503, 502, 200')).toBeTruthy()
    expect(within(log).getByText('Delivered')).toBeTruthy()
    // The endpoint each delivery went to.
    expect(within(log).getByText('https://merchant.example/hooks')).toBeTruthy()
    await user.click(within(log).getByRole('button', { name: 'Replay offer.accepted delivery evt_1' }))
    expect(backend.requestsTo(REPLAY)).toHaveLength(1)
    expect(await within(log).findByText('Replay queued: sending…')).toBeTruthy()
    // The worker sends it; the log, read again every two seconds meanwhile, says what it got.
    replayedAttempt = true
    expect(await within(log).findByText('Replayed: delivered', {}, { timeout: 5000 })).toBeTruthy()
  })

  it('sends a test event of a chosen type to one endpoint and shows it, marked Test, in the log', async () => {
    let sent = false
    const TEST = 'POST /api/webhooks/acme/endpoints/we_1/test'
    const sample = { ...delivery, id: '8', event_id: 'evt_test_1', event_type: 'save.lost', test: true }
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, () => ({ body: { data: sent ? [sample, delivery] : [delivery] } }))
      .on(TEST, () => {
        sent = true
        return {
          status: 201,
          body: { data: { delivery_id: '8', event_id: 'evt_test_1', type: 'save.lost' } },
        }
      })
    const user = userEvent.setup()
    renderSection(<WebhooksSettings accountId="acme" />, { backend })
    await screen.findByRole('table', { name: 'Recent deliveries' })
    const picker = screen.getByLabelText('Test event') as HTMLSelectElement
    expect([...picker.options].map((option) => option.value)).toEqual(['offer.accepted', 'save.lost'])
    await user.selectOptions(picker, 'save.lost')
    await user.click(
      screen.getByRole('button', { name: 'Send test event (save.lost) to https://merchant.example/hooks' }),
    )
    expect(backend.requestsTo(TEST)[0]?.body).toEqual({ type: 'save.lost' })
    const log = screen.getByRole('table', { name: 'Recent deliveries' })
    const row = (await within(log).findByText('Test')).closest('tr') as HTMLElement
    expect(within(row).getByText('save.lost')).toBeTruthy()
  })

  it('says a test event is queued until its first attempt, then when it retries, then what a replay got', async () => {
    const TEST = 'POST /api/webhooks/acme/endpoints/we_1/test'
    const REPLAY_8 = 'POST /api/webhooks/acme/deliveries/8/replay'
    const inTwoMinutes = new Date(Date.now() + 2 * 60_000 + 5_000).toISOString()
    const attempt = (status: number) => ({
      at: new Date().toISOString(),
      status,
      error: null,
      duration_ms: 5,
    })
    const queued = {
      ...delivery,
      id: '8',
      event_id: 'evt_test_2',
      event_type: 'save.lost',
      test: true,
      status: 'pending',
      attempts: 0,
      last_status: null as number | null,
      next_attempt_at: new Date().toISOString(),
      delivered_at: null,
      log: [] as ReturnType<typeof attempt>[],
    }
    let row: typeof queued | null = null
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, () => ({ body: { data: row ? [row] : [] } }))
      .on(TEST, () => {
        row = queued
        return {
          status: 201,
          body: { data: { delivery_id: '8', event_id: 'evt_test_2', type: 'save.lost' } },
        }
      })
      .on(REPLAY_8, { body: { data: { replayed: true } } })
    const user = userEvent.setup()
    renderSection(<WebhooksSettings accountId="acme" />, { backend })
    await screen.findByText('No deliveries yet.')
    await user.click(
      screen.getByRole('button', {
        name: 'Send test event (offer.accepted) to https://merchant.example/hooks',
      }),
    )
    const log = await screen.findByRole('table', { name: 'Recent deliveries' })
    const status = () =>
      (log.querySelector('[data-delivery="8"] td[data-label="Status"]') as HTMLElement).textContent
    // Nothing was attempted yet: it is on its way, not retrying.
    expect(status()).toBe('Queued: sending…')
    // The worker's first attempt fails: the log (read every two seconds meanwhile) says when it retries.
    row = { ...queued, attempts: 1, last_status: 500, next_attempt_at: inTwoMinutes, log: [attempt(500)] }
    await waitFor(() => expect(status()).toBe('Retrying in 2 minutes (last answer 500)'), { timeout: 5000 })
    await user.click(within(log).getByRole('button', { name: 'Replay save.lost delivery evt_test_2' }))
    expect(backend.requestsTo(REPLAY_8)).toHaveLength(1)
    expect(status()).toBe('Replay queued: sending…')
    row = { ...row, attempts: 2, last_status: 503, log: [attempt(500), attempt(503)] }
    await waitFor(() => expect(status()).toBe('Replayed: 503, retrying in 2 minutes'), { timeout: 5000 })
  })

  it('lets a viewer read but not change anything', async () => {
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, { body: { data: [delivery] } })
    renderSection(<WebhooksSettings accountId="acme" />, { backend, role: 'viewer' })
    const endpoints = await screen.findByRole('table', { name: 'Webhook endpoints' })
    expect(within(endpoints).getByText('https://merchant.example/hooks')).toBeTruthy()
    await screen.findByRole('table', { name: 'Recent deliveries' })
    expect(screen.queryByRole('button', { name: /Send test event/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Replay/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
  })
})
