import { createDefaultReasons } from '@retainkit/shared/default-config'
import { describe, expect, it } from 'vitest'
import {
  addReason,
  fromDraft,
  keyFromLabel,
  moveReason,
  removeReason,
  toDraft,
  updateReason,
  validateReasons,
} from './reasons-model'

describe('reasons model', () => {
  it('adds a blank, enabled reason with no offer at the end', () => {
    const rows = addReason(toDraft(createDefaultReasons()))
    expect(rows).toHaveLength(8)
    expect(rows[7]?.value).toEqual({
      key: '',
      label: '',
      feedback: 'any_reason',
      offer: 'none',
      enabled: true,
    })
  })

  it('removes and moves rows, keeping each row identity', () => {
    const rows = toDraft(createDefaultReasons())
    const moved = moveReason(rows, 0, 2)
    expect(
      fromDraft(moved)
        .map((r) => r.key)
        .slice(0, 3),
    ).toEqual(['not_using_enough', 'switched_competitor', 'too_expensive'])
    expect(moved[2]?.uid).toBe(rows[0]?.uid)
    expect(moveReason(rows, 0, -1)).toBe(rows)
    expect(fromDraft(removeReason(rows, 1)).map((r) => r.key)).not.toContain('not_using_enough')
  })

  it('updates one reason', () => {
    const rows = updateReason(toDraft(createDefaultReasons()), 0, { offer: 'pause', enabled: false })
    expect(rows[0]?.value).toMatchObject({ key: 'too_expensive', offer: 'pause', enabled: false })
  })

  it('suggests schema-valid keys from labels', () => {
    expect(keyFromLabel('It’s too expensive!')).toBe('its_too_expensive')
    expect(keyFromLabel('Café déjà vu')).toBe('cafe_deja_vu')
  })

  it('validates with the shared schema messages', () => {
    expect(validateReasons(createDefaultReasons())).toEqual({})
    expect(validateReasons([])).toEqual({ '': 'At least one reason required' })
    const bad = [{ key: 'Bad Key', label: ' ', feedback: 'other', offer: 'none', enabled: true }] as const
    expect(validateReasons([...bad])).toEqual({
      '0.key': 'Reason key can only contain lowercase letters, numbers and underscores',
      '0.label': 'Reason label is required',
    })
  })

  it('marks every row of a duplicated key', () => {
    const reasons = createDefaultReasons().slice(0, 3)
    reasons[2] = { ...reasons[2], key: 'too_expensive' } as (typeof reasons)[number]
    const errors = validateReasons(reasons)
    expect(errors['0.key']).toBe('Reason keys must be unique')
    expect(errors['2.key']).toBe('Reason keys must be unique')
    expect(errors['1.key']).toBeUndefined()
  })
})
