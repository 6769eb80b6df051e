import { failure } from '@retainkit/fakes/api-server'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { previewRecorder } from '../../features/test-support/preview-mock'
import { registerConsoleCleanup } from '../../test-support/render-console'
import { backendWith, PREVIEW, SAVE, savedBody } from './segments/segments-test-support'
import { SegmentsSettings } from './segments-settings'
import { renderSection } from './settings-test-support'

vi.mock(
  '../../features/preview/widget-preview-entry',
  () => import('../../features/test-support/preview-mock'),
)
registerConsoleCleanup()

/** What the widget preview draws now. */
function shown() {
  const props = previewRecorder.current()
  if (!props) throw new Error('the preview was never mounted')
  return props
}
const firstCard = () => screen.getByRole('listitem', { name: /1\. Annual/ })

beforeEach(() => previewRecorder.reset())

describe("a segment's flow", () => {
  it('is edited with the editor sections — copy, own reasons, an offer — previewed live as a member, and saved', async () => {
    const backend = backendWith()
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    await user.click(await screen.findByRole('button', { name: 'Edit the flow of Annual' }))
    const flow = screen.getByRole('region', { name: 'Flow of Annual' })
    // Opening a flow makes the sample a subscriber of that segment, and the preview draws its flow.
    expect(screen.getByTestId('sample-segment').textContent).toContain('segment 1: Annual')
    expect((screen.getByLabelText('Billing interval') as HTMLSelectElement).value).toBe('year')

    const headline = within(flow)
      .getAllByRole('textbox')
      .find((box) => box.id === 'editor-copy-general-headline')
    if (!headline) throw new Error('the copy section has no headline field')
    await user.clear(headline)
    await user.type(headline, 'Stay a year')
    await waitFor(() => expect(shown().config.copy.general.headline).toBe('Stay a year'))

    await user.click(within(flow).getByLabelText('Give this segment its own reasons'))
    const firstReason = within(flow)
      .getAllByRole('textbox')
      .find((box) => box.id.endsWith('-label'))
    if (!firstReason) throw new Error('the reasons form has no label field')
    await user.clear(firstReason)
    await user.type(firstReason, 'Too pricey')
    await waitFor(() => expect(shown().reasons[0]?.label).toBe('Too pricey'))

    const discount = within(flow).getByLabelText('Offer a discount') as HTMLInputElement
    const wasOn = discount.checked
    await user.click(discount)

    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
    const [sent] = savedBody(backend)
    expect(sent?.id).toBe('seg_annual0001')
    expect(sent?.config_json.copy.general.headline).toBe('Stay a year')
    expect(sent?.config_json.discount.enabled).toBe(!wasOn)
    expect(sent?.reasons?.[0]?.label).toBe('Too pricey')

    // Someone outside the segment gets the default flow, with the account's reasons.
    await user.selectOptions(screen.getByLabelText('Billing interval'), 'month')
    expect(screen.getByTestId('sample-segment').textContent).toContain('the default flow')
    await waitFor(() =>
      expect(shown().config.copy.general.headline).toBe(createDefaultConfig().copy.general.headline),
    )
  })

  it('shows the server refusing a save as a labelled alert, and keeps the edits', async () => {
    const backend = backendWith().on(
      SAVE,
      failure(422, 'BUSINESS_RULE_VIOLATION', 'Segments and experiments are part of the Pro plan.'),
    )
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    await user.type(await screen.findByLabelText('Segment name'), ' members')
    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    const alert = await screen.findByRole('alert', { name: 'Segments not saved' })
    expect(alert.textContent).toContain('Segments and experiments are part of the Pro plan.')
    expect(backend.requestsTo(SAVE)).toHaveLength(1)
    expect((screen.getByLabelText('Segment name') as HTMLInputElement).value).toBe('Annual members')
  })
})

describe('a viewer', () => {
  it('sees the conditions and the flow, every control disabled, and nothing to save', async () => {
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend: backendWith(), role: 'viewer' })
    await user.click(await screen.findByRole('button', { name: 'Show the flow of Annual' }))
    const flow = screen.getByRole('region', { name: 'Flow of Annual' })
    // The offers are disabled through their fieldset, as in the editor (which the browser applies).
    expect(within(flow).getByRole('group', { name: 'Discount' })).toHaveProperty('disabled', true)
    const editable = within(flow)
      .getAllByRole('textbox')
      .filter((box) => !(box as HTMLInputElement).disabled && !box.closest('fieldset[disabled]'))
    expect(editable.map((box) => box.id)).toEqual([])
    expect((within(firstCard()).getByLabelText('Attribute') as HTMLSelectElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Save segments' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add condition' })).toBeNull()
  })
})

describe('the condition builder', () => {
  it('builds nested AND/OR groups with typed values, and counts last month’s sessions again', async () => {
    const backend = backendWith()
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const reach = await screen.findByTestId('segment-reach')
    await waitFor(() => expect(reach.textContent).toBe("Would have caught 10 of last month's 120 sessions."))

    const card = firstCard()
    await user.selectOptions(within(card).getByLabelText('Subscribers match when'), 'any')
    await user.click(within(card).getByRole('button', { name: 'Add group' }))
    const group = within(card).getByRole('group', { name: 'Group 1' })
    const inGroup = within(group).getByRole('group', { name: 'Group 1, condition 1' })
    await user.selectOptions(within(inGroup).getByLabelText('Attribute'), 'mrr')
    await user.selectOptions(within(inGroup).getByLabelText('Test'), 'between')
    await user.clear(within(inGroup).getByLabelText('From'))
    // Money in the account's currency (US dollars without a catalogue), kept in cents.
    await user.type(within(inGroup).getByLabelText('From'), '50')
    await user.clear(within(inGroup).getByLabelText('To'))
    await user.type(within(inGroup).getByLabelText('To'), '200.00')
    await user.click(within(group).getByRole('button', { name: 'Add condition to group 1' }))
    const second = within(group).getByRole('group', { name: 'Group 1, condition 2' })
    await user.selectOptions(within(second).getByLabelText('Attribute'), 'status')
    await user.selectOptions(within(second).getByLabelText('Test'), 'in')
    // "is one of" keeps the value "is" had (active): untick it, tick two others.
    expect((within(second).getByLabelText('active') as HTMLInputElement).checked).toBe(true)
    await user.click(within(second).getByLabelText('active'))
    await user.click(within(second).getByLabelText('trialing'))
    await user.click(within(second).getByLabelText('past due'))

    await user.click(within(card).getByRole('button', { name: 'Add condition' }))
    const custom = within(card).getByRole('group', { name: 'Condition 2' })
    await user.selectOptions(within(custom).getByLabelText('Attribute'), '__custom')
    await user.type(within(custom).getByLabelText('Custom attribute name'), 'seats')
    await user.selectOptions(within(custom).getByLabelText('Value type'), 'number')
    await user.selectOptions(within(custom).getByLabelText('Test'), 'gt')
    await user.clear(within(custom).getByLabelText('Value'))
    await user.type(within(custom).getByLabelText('Value'), '10')

    // Two conditions and a group: the count is asked for again and shown.
    await waitFor(() => expect(reach.textContent).toBe("Would have caught 21 of last month's 120 sessions."))

    // Every control of the builder has a name a screen reader announces.
    for (const control of within(card)
      .getAllByRole('combobox')
      .concat(within(card).getAllByRole('textbox'))) {
      expect(control.getAttribute('id') && document.querySelector(`label[for="${control.id}"]`)).toBeTruthy()
    }

    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    await waitFor(() => expect(backend.requestsTo(SAVE)).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(savedBody(backend)[0]?.rule).toEqual({
      match: 'any',
      conditions: [
        { attribute: 'billing_interval', operator: 'equals', value: 'year' },
        { attribute: 'custom.seats', operator: 'gt', value: 10 },
      ],
      // A group added under an OR rule starts as AND: (A AND B) OR C is what groups are for.
      groups: [
        {
          match: 'all',
          conditions: [
            { attribute: 'mrr', operator: 'between', value: [5000, 20000] },
            { attribute: 'status', operator: 'in', value: ['trialing', 'past_due'] },
          ],
        },
      ],
    })
  })

  it('refuses a range the shared schema refuses, inline and on save, without asking the server', async () => {
    const backend = backendWith()
    const user = userEvent.setup()
    renderSection(<SegmentsSettings accountId="acme" />, { backend })
    const card = await screen.findByRole('listitem', { name: /1\. Annual/ })
    const condition = within(card).getByRole('group', { name: 'Condition 1' })
    await user.selectOptions(within(condition).getByLabelText('Attribute'), 'tenure_days')
    await user.selectOptions(within(condition).getByLabelText('Test'), 'between')
    await user.clear(within(condition).getByLabelText('From'))
    await user.type(within(condition).getByLabelText('From'), '90')
    await user.clear(within(condition).getByLabelText('To'))
    await user.type(within(condition).getByLabelText('To'), '30')
    const message = 'value must be [low, high] with low ≤ high'
    expect(within(condition).getByText(message)).toBeTruthy()
    expect(within(condition).getByLabelText('From').getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByTestId('segment-reach').textContent).toContain('Fix the conditions')
    const asked = backend.requestsTo(PREVIEW).length

    await user.click(screen.getByRole('button', { name: 'Save segments' }))
    const alert = await screen.findByRole('alert', { name: 'Segments not saved' })
    expect(alert.textContent).toContain(`Segment 1 (Annual), rule › conditions › 1 › value: ${message}`)
    expect(backend.requestsTo(SAVE)).toHaveLength(0)
    expect(backend.requestsTo(PREVIEW)).toHaveLength(asked)
  })
})
