import {
  CUSTOM_ATTRIBUTE_NAME,
  MAX_CUSTOM_ATTRIBUTE_TEXT,
  MAX_CUSTOM_ATTRIBUTES,
} from '@retainkit/shared/segment-match'
import type { CustomValueType } from './condition-model'

/**
 * The sample subscriber's custom attributes, one row each: a name, the type the merchant's server
 * would sign the value as (the token carries JSON, so "25" and 25 differ, and segments compare them
 * as the server does: a number rule never matches text), and the value as typed. Pure, so the rules
 * that decide which rows reach the preview are tested without a DOM.
 */

export interface AttributeRow {
  /** The form's own key for the row, stable while rows come and go. */
  key: number
  name: string
  type: CustomValueType
  /** As typed; for true/false, 'true' or 'false'. */
  value: string
}

export type AttributeValue = string | number | boolean

export const MAX_ROWS = MAX_CUSTOM_ATTRIBUTES

export const TYPE_LABELS: Readonly<Record<CustomValueType, string>> = {
  text: 'Text',
  number: 'Number',
  boolean: 'True or false',
}

let rowsMade = 0
export function blankRow(): AttributeRow {
  rowsMade += 1
  return { key: rowsMade, name: '', type: 'text', value: '' }
}

/** A new type for a row: text and numbers keep what was typed; true/false starts from true. */
export function retype(row: AttributeRow, type: CustomValueType): AttributeRow {
  if (type === row.type) return row
  if (type === 'boolean') return { ...row, type, value: row.value === 'false' ? 'false' : 'true' }
  return { ...row, type, value: row.type === 'boolean' ? '' : row.value }
}

const numberOf = (text: string): number | null => {
  if (text.trim() === '') return null
  const value = Number(text.trim())
  return Number.isFinite(value) ? value : null
}

/** A row's value as the token would carry it, or null when it cannot be one. */
function typedValue(row: AttributeRow): AttributeValue | null {
  switch (row.type) {
    case 'number':
      return numberOf(row.value)
    case 'boolean':
      return row.value === 'true'
    case 'text':
      // Kept exactly as typed: the server compares the signed text, spaces included.
      return row.value.length <= MAX_CUSTOM_ATTRIBUTE_TEXT ? row.value : null
  }
}

/** Nothing typed yet: a fresh row is neither an attribute nor a mistake. */
const isBlank = (row: AttributeRow) => row.name === '' && row.type === 'text' && row.value === ''

export interface RowProblems {
  name?: string
  value?: string
}

/** What is wrong with the row at `index`, field by field, in the words shown beside each field. */
export function rowProblems(rows: readonly AttributeRow[], index: number): RowProblems {
  const row = rows[index]
  if (!row || isBlank(row)) return {}
  const problems: RowProblems = {}
  const earlier = rows.findIndex((other) => other.name === row.name)
  if (index >= MAX_ROWS) problems.name = `A token carries at most ${MAX_ROWS} attributes`
  else if (row.name === '') problems.name = 'Name the attribute, or remove this row'
  else if (!CUSTOM_ATTRIBUTE_NAME.test(row.name))
    problems.name = 'Start with a lowercase letter, then lowercase letters, digits or _ (40 at most)'
  else if (earlier !== index)
    problems.name = `"${row.name}" is already attribute ${earlier + 1}: a token carries each name once`
  if (typedValue(row) === null)
    problems.value =
      row.type === 'number'
        ? 'Enter a number, such as 12 or 4.5'
        : `At most ${MAX_CUSTOM_ATTRIBUTE_TEXT} characters`
  return problems
}

/**
 * The attributes the rows stand for, as the token's `attributes` claim would carry them: rows with a
 * problem are left out (and counted, so the preview can say so), blank rows silently.
 */
export function attributesOf(rows: readonly AttributeRow[]): {
  attributes: Record<string, AttributeValue>
  leftOut: number
} {
  const attributes: Record<string, AttributeValue> = {}
  let leftOut = 0
  rows.forEach((row, index) => {
    if (isBlank(row)) return
    const problems = rowProblems(rows, index)
    const value = typedValue(row)
    if (problems.name || problems.value || value === null) leftOut += 1
    else attributes[row.name] = value
  })
  return { attributes, leftOut }
}

/** Attributes back to rows, each typed by its value (to fill the form with a member of a segment). */
export function rowsOf(attributes: Readonly<Record<string, unknown>>): AttributeRow[] {
  return Object.entries(attributes).flatMap(([name, value]) => {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return []
    const type: CustomValueType =
      typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text'
    return [{ ...blankRow(), name, type, value: String(value) }]
  })
}
