import type { SegmentRule } from '@retainkit/shared/schemas'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { previewRecorder } from '../../../features/test-support/preview-mock'
import { registerConsoleCleanup } from '../../../test-support/render-console'
import { SegmentsSettings } from '../segments-settings'
import { renderSection } from '../settings-test-support'
import { backendWith, storedSegment } from './segments-test-support'

vi.mock(
  '../../../features/preview/widget-preview-entry',
  () => import('../../../features/test-support/preview-mock'),
)
registerConsoleCleanup()

beforeEach(() => previewRecorder.reset())

/** One segment testing one custom attribute, so the sample either lands in it or in the default flow. */
const customSegment = (name: string, condition: SegmentRule['conditions'][number]) =>
  storedSegment({ id: 'seg_custom0001', name, rule: { match: 'all', conditions: [condition] } })

async function openWith(segment: ReturnType<typeof customSegment>) {
  const user = userEvent.setup()
  renderSection(<SegmentsSettings accountId="acme" />, { backend: backendWith([segment]) })
  await screen.findByRole('listitem', { name: new RegExp(`1\\. ${segment.name}`) })
  const attributes = () => screen.getByRole('group', { name: 'Custom attributes' })
  return { user, attributes }
}

/** Adds a row and fills it in: the name, the type chosen from its list, then the value. */
async function addAttribute(
  user: ReturnType<typeof userEvent.setup>,
  attributes: () => HTMLElement,
  row: { name: string; type: 'Text' | 'Number' | 'True or false'; value: string },
) {
  await user.click(within(attributes()).getByRole('button', { name: 'Add attribute' }))
  const rows = within(attributes()).getAllByRole('group', { name: /^Attribute \d+$/ })
  const added = rows.at(-1)
  if (!added) throw new Error('no attribute row was added')
  // A new row takes the focus, so a keyboard user types its name at once.
  expect(document.activeElement).toBe(within(added).getByLabelText('Name'))
  await user.type(within(added).getByLabelText('Name'), row.name)
  await user.selectOptions(within(added).getByLabelText('Type'), row.type)
  const value = within(added).getByLabelText('Value')
  if (value instanceof HTMLSelectElement) await user.selectOptions(value, row.value)
  else await user.type(value, row.value)
  return added
}

const sees = () => screen.getByTestId('sample-segment').textContent ?? ''

describe("the sample subscriber's custom attributes", () => {
  it('a number attribute matches a greater-than rule in the preview; a word does not, as on the server', async () => {
    const { user, attributes } = await openWith(
      customSegment('Big teams', { attribute: 'custom.seats', operator: 'gt', value: 10 }),
    )
    expect(sees()).toContain('the default flow')
    const row = await addAttribute(user, attributes, { name: 'seats', type: 'Number', value: '25' })
    expect(sees()).toContain('segment 1: Big teams')

    await user.clear(within(row).getByLabelText('Value'))
    await user.type(within(row).getByLabelText('Value'), '5')
    expect(sees()).toContain('the default flow')

    // The same digits signed as text are a word: the server's rule compares numbers only.
    await user.clear(within(row).getByLabelText('Value'))
    await user.type(within(row).getByLabelText('Value'), '25')
    await user.selectOptions(within(row).getByLabelText('Type'), 'Text')
    expect(sees()).toContain('the default flow')
  })

  it('a text attribute made of digits matches a text rule, rather than being read as a number', async () => {
    const { user, attributes } = await openWith(
      customSegment('Code 25', { attribute: 'custom.plan_code', operator: 'equals', value: '25' }),
    )
    await addAttribute(user, attributes, { name: 'plan_code', type: 'Text', value: '25' })
    expect(sees()).toContain('segment 1: Code 25')
  })

  it('a true/false attribute is chosen from a list and matches an "is true" rule', async () => {
    const { user, attributes } = await openWith(
      customSegment('Beta testers', { attribute: 'custom.beta', operator: 'equals', value: true }),
    )
    const row = await addAttribute(user, attributes, { name: 'beta', type: 'True or false', value: 'true' })
    expect(within(row).getByLabelText('Value').tagName).toBe('SELECT')
    expect(sees()).toContain('segment 1: Beta testers')
    await user.selectOptions(within(row).getByLabelText('Value'), 'false')
    expect(sees()).toContain('the default flow')
  })

  it('refuses names and values the token could not carry, next to the field, and leaves those rows out', async () => {
    const { user, attributes } = await openWith(
      customSegment('Big teams', { attribute: 'custom.seats', operator: 'gt', value: 10 }),
    )
    const first = await addAttribute(user, attributes, { name: 'Seats', type: 'Number', value: '25' })
    const name = within(first).getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    const nameError = document.getElementById(name.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')
    expect(nameError?.textContent).toBe(
      'Start with a lowercase letter, then lowercase letters, digits or _ (40 at most)',
    )
    expect(first.contains(nameError)).toBe(true)
    expect(sees()).toContain('the default flow')
    expect(sees()).toContain('1 attribute with a problem is left out')

    await user.clear(name)
    await user.type(name, 'seats')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    expect(sees()).toContain('segment 1: Big teams')

    const second = await addAttribute(user, attributes, { name: 'seats', type: 'Number', value: 'many' })
    expect(
      within(second).getByText('"seats" is already attribute 1: a token carries each name once'),
    ).toBeTruthy()
    const value = within(second).getByLabelText('Value')
    expect(value.getAttribute('aria-invalid')).toBe('true')
    expect(within(second).getByText('Enter a number, such as 12 or 4.5')).toBeTruthy()
    expect(sees()).toContain('segment 1: Big teams')

    // Every control of a row is named for a screen reader; removing a row hands focus to "Add attribute".
    for (const control of within(attributes())
      .getAllByRole('textbox')
      .concat(within(attributes()).getAllByRole('combobox')))
      expect(control.id && document.querySelector(`label[for="${control.id}"]`)).toBeTruthy()
    await user.click(within(second).getByRole('button', { name: 'Remove attribute 2' }))
    expect(within(attributes()).getAllByRole('group', { name: /^Attribute \d+$/ })).toHaveLength(1)
    expect(document.activeElement).toBe(within(attributes()).getByRole('button', { name: 'Add attribute' }))
    expect(sees()).not.toContain('left out')
  })

  it('"Preview as a subscriber of" fills in typed rows that meet the segment', async () => {
    const { user, attributes } = await openWith(
      customSegment('Big teams', { attribute: 'custom.seats', operator: 'gt', value: 10 }),
    )
    await user.click(screen.getByRole('button', { name: 'Preview as a subscriber of Big teams' }))
    const [row] = within(attributes()).getAllByRole('group', { name: /^Attribute \d+$/ })
    if (!row) throw new Error('no attribute row was filled in')
    expect((within(row).getByLabelText('Name') as HTMLInputElement).value).toBe('seats')
    expect((within(row).getByLabelText('Type') as HTMLSelectElement).value).toBe('number')
    expect((within(row).getByLabelText('Value') as HTMLInputElement).value).toBe('11')
    expect(sees()).toContain('segment 1: Big teams')
  })
})
