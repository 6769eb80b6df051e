import { API_RESPONSES, type ApiData } from '@retainkit/shared/api'
import { createDefaultReasons } from '@retainkit/shared/default-config'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type FakeBackend,
  fail,
  installFakeBackend,
  ok,
  reasonsData,
  signInTestSession,
} from '../../features/test-support/fake-backend'
import { renderPage } from '../../features/test-support/render-page'
import SessionPage from './session-page'

/**
 * Issue 34: a session's page shows its evidence ledger rows — the rule and why, the screens as worded,
 * each click, time and clicks to cancel, the receipt — links to the customer's export and verifies the
 * chain on request. The canned answers are checked against the shared response schemas first.
 */
const SESSION_ID = 'cs_evidence_session_0001'
const DETAIL: ApiData<'GET /api/sessions/{accountId}/{sessionId}'> = {
  id: SESSION_ID,
  kind: 'cancel',
  mode: 'live',
  started_at: '2026-11-20T10:00:00.000Z',
  completed_at: '2026-11-20T10:00:09.000Z',
  outcome: 'canceled',
  customer: { id: 'cus_ca', email: 's•••@e•••.com', name: null, masked: true },
  plan: { product: 'Pro', price_id: 'price_pro', interval: 'month' },
  mrr: { amount: 2900, currency: 'usd' },
  reason_key: 'too_expensive',
  offer_shown: 'discount',
  offer_accepted: null,
  segment_id: null,
  experiment_id: null,
  arm_id: null,
  jurisdiction_mode: 'standard',
  subscription_id: 'sub_ca',
  steps: [],
  feedback: null,
  save: null,
  since: {
    durability: null,
    lost_at: null,
    checkpoints: null,
    subscription_status: 'active',
    cancel_at_period_end: true,
    ended_at: null,
    synced_at: null,
  },
  stripe_url: null,
}

const hash = (digit: string) => digit.repeat(64)
const EVIDENCE: ApiData<'GET /api/sessions/{accountId}/{sessionId}/evidence'> = {
  session_id: SESSION_ID,
  customer_id: 'cus_ca',
  masked: true,
  jurisdiction: {
    mode: 'standard',
    region: 'US-CA',
    source: 'token',
    why: 'Mode standard: US-CA, from the country and state signed into the subscriber’s token; decided by the built-in rule for US-CA.',
    law: 'California AB 2863 (Business and Professions Code § 17602), in force 2025-07-01',
    withdrawal_until: null,
    cap: null,
  },
  language: 'en',
  outcome: 'canceled',
  screens_shown: [
    {
      screen: 'reason.',
      at: '2026-11-20T10:00:00.500Z',
      headline: 'Why are you leaving?',
      subheadline: 'Tell us.',
      labels: {},
    },
    {
      screen: 'offer.discount',
      at: '2026-11-20T10:00:04.000Z',
      headline: 'Stay for 50% off',
      subheadline: '$14.50 a month for 3 months',
      labels: { accept: 'Take the discount', decline: 'Cancel my subscription' },
    },
    {
      screen: 'confirm.',
      at: '2026-11-20T10:00:06.000Z',
      headline: 'Cancel your subscription?',
      subheadline: '',
    },
  ],
  screens_from: 'recorded steps',
  offer_terms: [{ offer: 'pause', options: ['1 month', '2 months'] }],
  clicks: [
    {
      step: 'reason_selected',
      offer: null,
      reason_key: 'too_expensive',
      at: '2026-11-20T10:00:03.000Z',
      received_at: '2026-11-20T10:00:03.100Z',
    },
    {
      step: 'offer_declined',
      offer: 'discount',
      reason_key: 'too_expensive',
      at: null,
      received_at: '2026-11-20T10:00:05.100Z',
    },
    {
      step: 'cancel_completed',
      offer: null,
      reason_key: null,
      at: '2026-11-20T10:00:09.000Z',
      received_at: '2026-11-20T10:00:09.000Z',
    },
  ],
  duration_ms: 9000,
  clicks_to_end: 3,
  declaration: null,
  after_cancel_answer: null,
  receipt: [
    {
      kind: 'receipt_queued',
      recorded_at: '2026-11-20T10:00:09.000Z',
      reference: 'RK-7F3A-22',
      to: 's•••@e•••.com',
      copy: false,
      reason: null,
    },
    {
      kind: 'receipt_sent',
      recorded_at: '2026-11-20T10:00:10.000Z',
      reference: null,
      to: 's•••@e•••.com',
      copy: false,
      reason: null,
    },
  ],
  entries: [
    {
      seq: 41,
      kind: 'session_started',
      recorded_at: '2026-11-20T10:00:00.000Z',
      hash: hash('a'),
      intact: true,
    },
    {
      seq: 42,
      kind: 'session_closed',
      recorded_at: '2026-11-20T10:00:09.000Z',
      hash: hash('b'),
      intact: false,
    },
    {
      seq: 43,
      kind: 'receipt_queued',
      recorded_at: '2026-11-20T10:00:09.000Z',
      hash: hash('c'),
      intact: true,
    },
  ],
}

const REPORT: ApiData<'GET /api/evidence/verify'> = {
  intact: false,
  checked: 43,
  fromSeq: 1,
  toSeq: 43,
  head: { seq: 43, hash: hash('c') },
  prunedThrough: 0,
  problems: [{ seq: 42, problem: 'content_changed' }],
  stopped: false,
}

const EVIDENCE_PATH = `/api/sessions/acme/${SESSION_ID}/evidence`
let backend: FakeBackend
const downloads: Array<{ name: string; blob: Blob }> = []

beforeEach(() => {
  signInTestSession({ role: 'viewer' })
  downloads.length = 0
  let pending: Blob | null = null
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob
    return 'blob:test'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (pending) downloads.push({ name: this.download, blob: pending })
  })
  backend = installFakeBackend()
  backend
    .on('GET', '/api/account', { action: 'reasons' }, ok(reasonsData({ reasons: createDefaultReasons() })))
    .on('GET', `/api/sessions/acme/${SESSION_ID}`, {}, ok(DETAIL))
    .on('GET', EVIDENCE_PATH, {}, ok(EVIDENCE))
    .on('GET', '/api/evidence', { format: 'csv' }, { status: 200, text: 'seq,recorded_at\r\n41,x\r\n' })
    .on('GET', '/api/evidence', { format: 'html' }, { status: 200, text: '<!doctype html><h1>Evidence</h1>' })
    .on('GET', '/api/evidence/verify', {}, ok(REPORT))
})

afterEach(() => {
  cleanup()
  backend.restore()
  vi.restoreAllMocks()
})

async function evidenceSection() {
  renderPage(<SessionPage />, {
    path: '/sessions/:sessionId',
    url: `/sessions/${SESSION_ID}?account_id=acme`,
  })
  const heading = await screen.findByRole('heading', { level: 2, name: 'Evidence ledger' })
  const section = heading.closest('section') as HTMLElement
  await within(section).findByText(/Why: Mode standard/)
  return section
}

describe('session page: the evidence ledger', () => {
  it('has canned answers the shared response schemas accept', () => {
    expect(() =>
      API_RESPONSES['GET /api/sessions/{accountId}/{sessionId}'].parse({ data: DETAIL }),
    ).not.toThrow()
    expect(() =>
      API_RESPONSES['GET /api/sessions/{accountId}/{sessionId}/evidence'].parse({ data: EVIDENCE }),
    ).not.toThrow()
    expect(() => API_RESPONSES['GET /api/evidence/verify'].parse({ data: REPORT })).not.toThrow()
  })

  it('shows the rule and why, the screens as worded, each click, time and clicks, the receipt and the rows', async () => {
    const section = await evidenceSection()
    expect(section.id).toBe('evidence')
    const facts = Object.fromEntries(
      within(section)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(facts).toMatchObject({
      Mode: 'Standard flow (offers beside a way to cancel)',
      Where: 'US-CA, from the subscriber token',
      Law: expect.stringContaining('AB 2863'),
      Language: 'English',
      'Time to the end': '9.0 s',
      'Clicks to the end': '3',
    })
    const screens = within(section).getByRole('heading', {
      name: 'Screens shown, as worded for the subscriber',
    }).nextElementSibling as HTMLElement
    const shown = within(screens)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(shown).toHaveLength(3)
    expect(shown[1]).toContain('Offer: Discount')
    expect(shown[1]).toContain('Stay for 50% off')
    expect(shown[1]).toContain('$14.50 a month for 3 months')
    expect(shown[1]).toContain('Buttons: Take the discount · Cancel my subscription')
    expect(within(section).getByText(/told from the recorded steps/)).toBeTruthy()
    expect(within(section).getByText('1 month · 2 months')).toBeTruthy()
    expect(within(section).getByText('Declined the offer')).toBeTruthy()
    expect(within(section).getByText(/browser sent none/)).toBeTruthy()
    expect(within(section).getByText('Queued for sending')).toBeTruthy()
    expect(within(section).getByText('Sent')).toBeTruthy()
    expect(within(section).getByText('RK-7F3A-22')).toBeTruthy()
    // A viewer: the address as the server masked it.
    expect(within(section).getAllByText(/to s•••@e•••\.com/)).toHaveLength(2)
    expect(within(section).getAllByText('matches its hash')).toHaveLength(2)
    expect(within(section).getByText('changed since it was written').closest('li')?.textContent).toContain(
      '#42',
    )
  })

  it('downloads the customer’s export as the server writes it, CSV and printable page (an editor)', async () => {
    signInTestSession({ role: 'editor' })
    const user = userEvent.setup()
    const section = await evidenceSection()
    const group = within(section).getByRole('group', { name: 'This customer’s evidence export' })
    await user.click(within(group).getByRole('button', { name: 'CSV (evidence export)' }))
    await waitFor(() => expect(downloads).toHaveLength(1))
    await user.click(within(group).getByRole('button', { name: 'Printable page (evidence export)' }))
    await waitFor(() => expect(downloads).toHaveLength(2))
    expect(backend.calls('/api/evidence').map((call) => call.query)).toEqual([
      { account_id: 'acme', customer_id: 'cus_ca', format: 'csv' },
      { account_id: 'acme', customer_id: 'cus_ca', format: 'html' },
    ])
    expect(downloads.map((download) => download.name)).toEqual([
      'retainkit-acme-evidence-cus_ca.csv',
      'retainkit-acme-evidence-cus_ca.html',
    ])
    expect(await (downloads[1] as { blob: Blob }).blob.text()).toContain('<h1>Evidence</h1>')
    expect(within(group).getByRole('status').textContent).toContain('Printable page')
  })

  it('offers a viewer no export, says why, and still lets them verify the chain', async () => {
    const section = await evidenceSection()
    expect(within(section).queryByRole('group', { name: 'This customer’s evidence export' })).toBeNull()
    expect(within(section).queryByRole('button', { name: /evidence export/ })).toBeNull()
    expect(
      within(section).getByText(
        /The evidence export holds subscribers’ e-mail addresses and names in full.*owner, admin or editor/,
      ),
    ).toBeTruthy()
    expect(within(section).getByRole('button', { name: 'Verify the account’s evidence chain' })).toBeTruthy()
    expect(backend.calls('/api/evidence')).toHaveLength(0)
  })

  it('verifies the chain on request and names the row that changed', async () => {
    const user = userEvent.setup()
    const section = await evidenceSection()
    expect(backend.calls('/api/evidence/verify')).toHaveLength(0)
    await user.click(within(section).getByRole('button', { name: 'Verify the account’s evidence chain' }))
    await waitFor(() =>
      expect(within(section).getByText(/The chain is broken: row 42: content changed\./)).toBeTruthy(),
    )
    expect(backend.calls('/api/evidence/verify')[0]?.query).toEqual({ account_id: 'acme' })
  })

  it('says so when the ledger holds nothing of the session, and offers a retry when the call fails', async () => {
    backend.on('GET', EVIDENCE_PATH, {}, fail(500, 'DATABASE_ERROR', 'Down'))
    const user = userEvent.setup()
    renderPage(<SessionPage />, {
      path: '/sessions/:sessionId',
      url: `/sessions/${SESSION_ID}?account_id=acme`,
    })
    const heading = await screen.findByRole('heading', { level: 2, name: 'Evidence ledger' })
    const section = heading.closest('section') as HTMLElement
    await within(section).findByRole('alert')
    backend.on(
      'GET',
      EVIDENCE_PATH,
      {},
      ok({ ...EVIDENCE, entries: [], screens_shown: [], clicks: [], receipt: [] }),
    )
    await user.click(within(section).getByRole('button', { name: 'Try again' }))
    await within(section).findByText(/The ledger holds nothing of this session/)
  })
})
