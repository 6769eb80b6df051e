import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { ExperimentCreate } from '@retainkit/shared/schemas'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { FakeBackend } from '../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { ExperimentsSettings } from './experiments-settings'
import { renderSection, withFlowEditorData } from './settings-test-support'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)
registerConsoleCleanup()

const LIST = 'GET /api/account?action=experiments'
const CREATE = 'POST /api/account?action=experiments'
const UPDATE = 'PUT /api/account?action=experiments'

const arm = (id: string, name: string, holdout = false) => ({
  id,
  name,
  holdout,
  weight: holdout ? 0 : 50,
  share: holdout ? 0.1 : 0.45,
  config_json: holdout ? null : createDefaultConfig(),
  sessions: 200,
  saves: 60,
  kept_plan: holdout ? 60 : 10,
  accepted_offers: holdout ? 0 : 50,
  save_rate: 0.3,
  save_rate_interval: { low: 0.241, high: 0.367 },
  saved_mrr: [{ amount: 174000, currency: 'usd' }],
  net_mrr: [{ amount: 150800, currency: 'usd' }],
  durability: [30, 60, 90].map((days) => ({ days, decided: 0, kept: 0, rate: null })),
  vs_control: null,
})

const running = {
  id: 'exp_depth0001',
  name: 'Discount depth',
  segment_id: null,
  on_default: true,
  status: 'running',
  allocation: 'fixed',
  holdout_percent: 10,
  promoted_arm_id: null,
  started_at: '2026-11-01T10:00:00.000Z',
  stopped_at: null,
  currencies: ['usd'],
  arms: [
    arm('arm_aaaaaaaa01', 'Arm A'),
    arm('arm_bbbbbbbb01', 'Arm B'),
    arm('arm_holdout001', 'Holdout', true),
  ],
  holdout_lift: null,
  verdict: {
    text: 'Too early to tell.',
    leader_arm_id: null,
    confidence: null,
    conclusive: false,
    difference: null,
    interval: null,
  },
}

function backend() {
  return withFlowEditorData(new FakeBackend())
    .on(LIST, { body: { data: { experiments: [running] } } })
    .on('GET /api/account?action=segments', { body: { data: { segments: [] } } })
    .on(UPDATE, { body: { data: running } })
    .on(CREATE, { status: 201, body: { data: { ...running, id: 'exp_new0000001', name: 'Pause length' } } })
}

describe('the experiments page', () => {
  it('saves weights and the holdout, stops, and promotes an arm of a running experiment', async () => {
    const fake = backend()
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const weightB = await screen.findByLabelText('Weight of Arm B')
    await user.clear(weightB)
    await user.type(weightB, '70')
    await user.clear(screen.getByLabelText(/^Holdout \(0–50 %/))
    await user.type(screen.getByLabelText(/^Holdout \(0–50 %/), '20')
    await user.click(screen.getByRole('button', { name: 'Save weights and holdout' }))
    await waitFor(() => expect(fake.requestsTo(UPDATE)).toHaveLength(1))
    expect(fake.requestsTo(UPDATE)[0]?.body).toEqual({
      id: 'exp_depth0001',
      op: 'weights',
      weights: [
        { arm_id: 'arm_aaaaaaaa01', weight: 50 },
        { arm_id: 'arm_bbbbbbbb01', weight: 70 },
      ],
      holdout_percent: 20,
    })
    // Promoting and stopping end the experiment: each asks once more, and nothing is sent before.
    await user.click(await screen.findByRole('button', { name: 'Promote Arm B' }))
    expect(fake.requestsTo(UPDATE)).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Yes, promote Arm B to everyone' }))
    await waitFor(() => expect(fake.requestsTo(UPDATE)).toHaveLength(2))
    expect(fake.requestsTo(UPDATE)[1]?.body).toEqual({
      id: 'exp_depth0001',
      op: 'promote',
      arm_id: 'arm_bbbbbbbb01',
    })
    await user.click(await screen.findByRole('button', { name: 'Stop experiment' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Stop experiment' }))
    expect(fake.requestsTo(UPDATE)).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Yes, stop Discount depth' }))
    await waitFor(() => expect(fake.requestsTo(UPDATE)).toHaveLength(3))
    expect(fake.requestsTo(UPDATE)[2]?.body).toEqual({ id: 'exp_depth0001', op: 'stop' })
  })

  it("starts one with three weighted arms, one arm's offer edited with the editor's sections", async () => {
    const fake = backend()
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const form = await screen.findByRole('form', { name: 'Start an experiment' })
    await user.type(within(form).getByLabelText('Name'), 'Discount depth 2')
    await user.click(within(form).getByRole('button', { name: 'Add arm' }))
    const third = within(form).getByRole('listitem', { name: 'Arm C' })
    await user.clear(within(third).getByLabelText('Arm C: weight (0–100)'))
    await user.type(within(third).getByLabelText('Arm C: weight (0–100)'), '20')
    await user.click(within(form).getByRole('button', { name: 'Edit the flow of Arm C' }))
    const flow = within(form).getByRole('region', { name: 'Flow of Arm C' })
    const amount = within(flow).getByLabelText('Discount', { exact: true })
    await user.clear(amount)
    await user.type(amount, '40')
    // The arm's own preview draws its flow, on the offer screen being edited.
    await waitFor(() => expect(previewRecorder.current()?.config.discount.amount).toBe(40))
    await user.clear(within(form).getByLabelText(/^Holdout/))
    await user.type(within(form).getByLabelText(/^Holdout/), '10')
    await user.click(within(form).getByRole('button', { name: 'Start experiment' }))
    await waitFor(() => expect(fake.requestsTo(CREATE)).toHaveLength(1))
    const sent = fake.requestsTo(CREATE)[0]?.body as ExperimentCreate
    expect(sent.arms.map((one) => [one.name, one.weight, one.config_json.discount.amount])).toEqual([
      ['Arm A', 50, 20],
      ['Arm B', 50, 20],
      ['Arm C', 20, 40],
    ])
    expect(sent.holdout_percent).toBe(10)
    expect(sent.segment_id).toBeNull()
  })

  it('keeps 2-4 arms and refuses weights the shared schema refuses, before sending', async () => {
    const fake = backend()
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const form = await screen.findByRole('form', { name: 'Start an experiment' })
    expect((within(form).getByRole('button', { name: 'Remove Arm A' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    for (let added = 0; added < 2; added++)
      await user.click(within(form).getByRole('button', { name: 'Add arm' }))
    expect((within(form).getByRole('button', { name: 'Add arm' }) as HTMLButtonElement).disabled).toBe(true)
    await user.click(within(form).getByRole('button', { name: 'Remove Arm D' }))
    expect(within(form).queryByRole('listitem', { name: 'Arm D' })).toBeNull()
    await user.type(within(form).getByLabelText('Name'), 'Weights')
    await user.clear(within(form).getByLabelText('Arm A: weight (0–100)'))
    await user.type(within(form).getByLabelText('Arm A: weight (0–100)'), '150')
    await user.click(within(form).getByRole('button', { name: 'Start experiment' }))
    const alert = await within(form).findByRole('alert', { name: 'Experiment not started' })
    expect(alert.textContent).toContain('arms › 1 › weight: Weights are whole numbers from 0 to 100')
    expect(fake.requestsTo(CREATE)).toHaveLength(0)
  })
})

/** Whether closing or reloading the tab now would make the browser ask first. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true })
  act(() => {
    window.dispatchEvent(event)
  })
  return event.defaultPrevented
}

const experimentName = () =>
  within(screen.getByRole('form', { name: 'Start an experiment' })).getByLabelText('Name') as HTMLInputElement

describe('the experiments page with unsaved edits', () => {
  it('asks first when leaving an experiment being set up, and leaves only on "leave"', async () => {
    const user = userEvent.setup()
    const { router } = renderSection(<ExperimentsSettings accountId="acme" />, { backend: backend() })
    const form = await screen.findByRole('form', { name: 'Start an experiment' })
    expect(unloadAsks()).toBe(false)
    await user.type(within(form).getByLabelText('Name'), 'Pause length')
    expect(unloadAsks()).toBe(true)

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' })
    // Focus moves in once the dialog is up (an effect after it is drawn), not in the same task.
    const stay = within(dialog).getByRole('button', { name: 'Stay on this page' })
    await waitFor(() => expect(document.activeElement).toBe(stay))
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/settings/')
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Pause length')

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })

  it("counts an arm's edited flow as unsaved, and nothing once the experiment has started", async () => {
    const fake = backend()
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const form = await screen.findByRole('form', { name: 'Start an experiment' })
    await user.click(within(form).getByRole('button', { name: 'Edit the flow of Arm B' }))
    const amount = within(within(form).getByRole('region', { name: 'Flow of Arm B' })).getByLabelText(
      'Discount',
      { exact: true },
    )
    expect(unloadAsks()).toBe(false)
    await user.clear(amount)
    await user.type(amount, '40')
    expect(unloadAsks()).toBe(true)

    await user.type(within(form).getByLabelText('Name'), 'Deeper discount')
    await user.click(within(form).getByRole('button', { name: 'Start experiment' }))
    await waitFor(() => expect(fake.requestsTo(CREATE)).toHaveLength(1))
    // Started: the form is empty again, ready for the next one, and holds nothing to lose.
    await waitFor(() => expect(experimentName().value).toBe(''))
    await waitFor(() => expect(unloadAsks()).toBe(false))
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy()
  })

  it("counts a running experiment's changed weights as unsaved until they are saved", async () => {
    const fake = backend()
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const weightB = await screen.findByLabelText('Weight of Arm B')
    await user.clear(weightB)
    await user.type(weightB, '70')
    expect(unloadAsks()).toBe(true)
    // The saved answer carries the new weight, as the server's would.
    fake.on(LIST, {
      body: {
        data: {
          experiments: [
            {
              ...running,
              arms: running.arms.map((one) => (one.name === 'Arm B' ? { ...one, weight: 70 } : one)),
            },
          ],
        },
      },
    })
    await user.click(screen.getByRole('button', { name: 'Save weights and holdout' }))
    await waitFor(() => expect(fake.requestsTo(UPDATE)).toHaveLength(1))
    await waitFor(() => expect(fake.requestsTo(LIST)).toHaveLength(2))
    await waitFor(() => expect(unloadAsks()).toBe(false))
  })
})

describe('the experiments page between actions', () => {
  it("keeps an experiment being set up, and another card's unsaved weights, through a card's action", async () => {
    const second = {
      ...running,
      id: 'exp_pause00001',
      name: 'Pause length',
      arms: [arm('arm_cccccccc01', 'Arm C'), arm('arm_dddddddd01', 'Arm D')],
    }
    const fake = backend()
    fake.on(LIST, { body: { data: { experiments: [running, second] } } })
    const user = userEvent.setup()
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const form = await screen.findByRole('form', { name: 'Start an experiment' })
    await user.type(within(form).getByLabelText('Name'), 'Annual nudge')
    const weightD = screen.getByLabelText('Weight of Arm D')
    await user.clear(weightD)
    await user.type(weightD, '80')

    // The first experiment is stopped: its card changes, the rest of the page stays as typed, also
    // while the list is on its way (a real network takes a while: the page must not blank meanwhile).
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    fake.on(LIST, async () => {
      await answered
      return { body: { data: { experiments: [{ ...running, status: 'stopped' }, second] } } }
    })
    await user.click(screen.getAllByRole('button', { name: 'Stop experiment' })[0] as HTMLElement)
    await user.click(screen.getByRole('button', { name: 'Yes, stop Discount depth' }))
    await waitFor(() => expect(fake.requestsTo(LIST)).toHaveLength(2))
    expect(experimentName().value).toBe('Annual nudge')
    answer()
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Stop experiment' })).toHaveLength(1))
    expect(experimentName().value).toBe('Annual nudge')
    expect(Number((screen.getByLabelText('Weight of Arm D') as HTMLInputElement).value)).toBe(80)
    expect(unloadAsks()).toBe(true)
  })
})

describe('the results of an experiment', () => {
  it("shows each arm's saved MRR per currency, what offers add over the holdout, and names the method", async () => {
    const lifted = {
      ...running,
      currencies: ['jpy', 'usd'],
      arms: running.arms.map((entry) => ({
        ...entry,
        saved_mrr: [
          { amount: 98000, currency: 'jpy' },
          { amount: 174000, currency: 'usd' },
        ],
        net_mrr: [
          { amount: 49000, currency: 'jpy' },
          { amount: 150850, currency: 'usd' },
        ],
      })),
      holdout_lift: {
        save_rate: { difference: 0.1625, low: -0.021, high: 0.346, conclusive: false },
        net_mrr: [
          {
            currency: 'jpy',
            offer_sessions: 40,
            holdout_sessions: 10,
            per_session: { amount: 120, low: -300, high: 540 },
            total: { amount: 4800, low: -12000, high: 21600 },
            conclusive: false,
          },
          {
            currency: 'usd',
            offer_sessions: 400,
            holdout_sessions: 100,
            per_session: { amount: 310, low: 40, high: 580 },
            total: { amount: 124000, low: 16000, high: 232000 },
            conclusive: true,
          },
        ],
      },
    }
    const fake = backend().on(LIST, { body: { data: { experiments: [lifted] } } })
    renderSection(<ExperimentsSettings accountId="acme" />, { backend: fake })
    const lift = await screen.findByTestId('holdout-lift')
    const lines = within(lift)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' '))
    expect(lines).toEqual([
      'Save rate: +16.3 points (95 % interval −2.1 to +34.6): not yet told apart from no difference.',
      'Net saved MRR (JPY): +¥120 per finished session (95 % interval −¥300 to +¥540), +¥4,800 over the 40 sessions that saw offers (−¥12,000 to +¥21,600): not yet told apart from no difference.',
      'Net saved MRR (USD): +$3.10 per finished session (95 % interval +$0.40 to +$5.80), +$1,240.00 over the 400 sessions that saw offers (+$160.00 to +$2,320.00).',
    ])
    const rows = within(
      screen.getByRole('table', { name: 'Results per arm of Discount depth' }),
    ).getAllByRole('row')
    expect(within(rows[1] as HTMLElement).getByText('¥49,000 · $1,508.50 (¥98,000 · $1,740.00)')).toBeTruthy()
    expect(screen.getByTestId('experiments-method').textContent).toMatch(
      /always-valid test \(a mixture sequential probability ratio test\): look as often as you like/,
    )
  })
})
