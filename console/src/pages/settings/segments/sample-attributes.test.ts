import { customAttributesSchema } from '@retainkit/shared/schemas'
import { describe, expect, it } from 'vitest'
import { type AttributeRow, attributesOf, blankRow, retype, rowProblems, rowsOf } from './sample-attributes'

const row = (name: string, type: AttributeRow['type'], value: string): AttributeRow => ({
  ...blankRow(),
  name,
  type,
  value,
})

/** Rows a merchant might type, good and bad, each with whether the token could carry it. */
const CASES: ReadonlyArray<[AttributeRow, boolean]> = [
  [row('seats', 'number', '25'), true],
  [row('ratio', 'number', '4.5'), true],
  [row('big', 'number', '1e3'), true],
  [row('negative', 'number', ' -3 '), true],
  [row('empty_number', 'number', ''), false],
  [row('words', 'number', 'many'), false],
  [row('endless', 'number', 'Infinity'), false],
  [row('plan_code', 'text', '25'), true],
  [row('note', 'text', ''), true],
  [row('long', 'text', 'x'.repeat(200)), true],
  [row('too_long', 'text', 'x'.repeat(201)), false],
  [row('beta', 'boolean', 'true'), true],
  [row('Seats', 'number', '1'), false],
  [row('1st', 'text', 'a'), false],
  [row('plan-code', 'text', 'a'), false],
  [row('a'.repeat(40), 'text', 'a'), true],
  [row('a'.repeat(41), 'text', 'a'), false],
  [row('', 'text', 'orphan'), false],
]

describe('custom attributes of the sample subscriber', () => {
  it("keeps exactly the rows the server's schema for the token's attributes accepts", () => {
    for (const [one, carried] of CASES) {
      const { attributes, leftOut } = attributesOf([one])
      expect({ name: one.name, kept: Object.keys(attributes).length === 1 }).toEqual({
        name: one.name,
        kept: carried,
      })
      expect(leftOut).toBe(carried ? 0 : 1)
      expect(customAttributesSchema.safeParse(attributes).success).toBe(true)
      // A row left out says why, on the field at fault.
      const problems = rowProblems([one], 0)
      expect(Boolean(problems.name || problems.value)).toBe(!carried)
    }
    const all = attributesOf(CASES.map(([one]) => one))
    expect(customAttributesSchema.safeParse(all.attributes).success).toBe(true)
    expect(all.attributes).toMatchObject({ seats: 25, big: 1000, negative: -3, plan_code: '25', beta: true })
  })

  it('types each value as the token carries it, and a second row of one name is refused', () => {
    const rows = [row('seats', 'number', '25'), row('seats', 'text', 'many'), row('beta', 'boolean', 'false')]
    expect(attributesOf(rows)).toEqual({ attributes: { seats: 25, beta: false }, leftOut: 1 })
    expect(rowProblems(rows, 1).name).toBe('"seats" is already attribute 1: a token carries each name once')
  })

  it('ignores a blank row, and refuses rows past the most a token carries', () => {
    expect(attributesOf([blankRow()])).toEqual({ attributes: {}, leftOut: 0 })
    const rows = Array.from({ length: 31 }, (_, index) => row(`a${index}`, 'number', String(index)))
    const { attributes, leftOut } = attributesOf(rows)
    expect(Object.keys(attributes)).toHaveLength(30)
    expect(leftOut).toBe(1)
    expect(customAttributesSchema.safeParse(attributes).success).toBe(true)
    expect(rowProblems(rows, 30).name).toBe('A token carries at most 30 attributes')
  })

  it('changes type keeping what still makes sense, and fills rows back from facts by their types', () => {
    const typed = row('seats', 'text', '25')
    expect(retype(typed, 'number').value).toBe('25')
    expect(retype(typed, 'boolean').value).toBe('true')
    expect(retype(row('beta', 'boolean', 'false'), 'number').value).toBe('')
    expect(
      rowsOf({ seats: 11, code: '25', beta: true }).map(({ name, type, value }) => [name, type, value]),
    ).toEqual([
      ['seats', 'number', '11'],
      ['code', 'text', '25'],
      ['beta', 'boolean', 'true'],
    ])
  })
})
