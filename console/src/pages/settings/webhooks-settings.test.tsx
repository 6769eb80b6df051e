import { screen, within } from '@testing-library/react'
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
      events: ['offer.accepted', 'subscription.cancel_scheduled', 'reactivation.accepted', 'save.lost'],
    })
    expect(await screen.findByText('https://merchant.example/hooks')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'I have saved it' }))
    expect(document.body.innerHTML).not.toContain('whsec_shown_once')
  })

  it('shows the delivery log with response codes and replays a delivery', async () => {
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, { body: { data: [delivery] } })
      .on(REPLAY, { body: { data: { replayed: true } } })
    const user = userEvent.setup()
    renderSection(<WebhooksSettings accountId="acme" />, { backend })
    const log = await screen.findByRole('table', { name: 'Recent deliveries' })
    expect(within(log).getByText('500, 503, 502, 200')).toBeTruthy()
    expect(within(log).getByText('Delivered')).toBeTruthy()
    await user.click(within(log).getByRole('button', { name: 'Replay offer.accepted delivery evt_1' }))
    expect(backend.requestsTo(REPLAY)).toHaveLength(1)
  })

  it('lets a viewer read but not change anything', async () => {
    const backend = new FakeBackend()
      .on(LIST, { body: { data: [endpoint] } })
      .on(LOG, { body: { data: [delivery] } })
    renderSection(<WebhooksSettings accountId="acme" />, { backend, role: 'viewer' })
    expect(await screen.findByText('https://merchant.example/hooks')).toBeTruthy()
    await screen.findByRole('table', { name: 'Recent deliveries' })
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Replay/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
  })
})
