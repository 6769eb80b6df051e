import type { CancellationReason } from '@retainkit/shared/config-types'
import { cancellationReasonsSchema } from '@retainkit/shared/schemas'
import { type FieldErrors, issuesToFieldErrors } from '../validation/field-errors'

/**
 * The reasons list as the editor edits it. Each row carries a `uid` because the key itself is editable
 * (React must not remount a row while its key is typed), and rows move.
 */
export interface DraftReason {
  readonly uid: string
  readonly value: CancellationReason
}

let nextUid = 0
const newUid = () => `reason-${++nextUid}`

export function toDraft(reasons: readonly CancellationReason[]): DraftReason[] {
  return reasons.map((value) => ({ uid: newUid(), value: { ...value } }))
}

export function fromDraft(rows: readonly DraftReason[]): CancellationReason[] {
  return rows.map((row) => row.value)
}

export function blankReason(): CancellationReason {
  return { key: '', label: '', feedback: 'any_reason', offer: 'none', enabled: true }
}

export function addReason(rows: readonly DraftReason[]): DraftReason[] {
  return [...rows, { uid: newUid(), value: blankReason() }]
}

export function removeReason(rows: readonly DraftReason[], index: number): DraftReason[] {
  return rows.filter((_, i) => i !== index)
}

/** Moves the row at `from` to `to` (clamped); the same array when nothing moves. */
export function moveReason(rows: readonly DraftReason[], from: number, to: number): readonly DraftReason[] {
  const target = Math.max(0, Math.min(rows.length - 1, to))
  if (from === target || from < 0 || from >= rows.length) return rows
  const copy = [...rows]
  const [moved] = copy.splice(from, 1)
  if (moved) copy.splice(target, 0, moved)
  return copy
}

export function updateReason(
  rows: readonly DraftReason[],
  index: number,
  patch: Partial<CancellationReason>,
): DraftReason[] {
  return rows.map((row, i) => (i === index ? { uid: row.uid, value: { ...row.value, ...patch } } : row))
}

/** 'It’s too expensive!' → 'its_too_expensive': a key suggestion that passes the schema's pattern. */
export function keyFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50)
}

const UNIQUE_MESSAGE = 'Reason keys must be unique'

/**
 * Errors keyed `0.key`, `2.label`…, plus `''` for the list as a whole ('At least one reason required').
 * The schema reports duplicate keys once for the list; each duplicated row is marked too, so the person
 * sees which ones clash.
 */
export function validateReasons(reasons: readonly CancellationReason[]): FieldErrors {
  const result = cancellationReasonsSchema.safeParse(reasons)
  const errors: Record<string, string> = result.success ? {} : { ...issuesToFieldErrors(result.error.issues) }
  const seen = new Map<string, number>()
  reasons.forEach((reason, index) => {
    if (reason.key === '') return
    const first = seen.get(reason.key)
    if (first === undefined) {
      seen.set(reason.key, index)
      return
    }
    for (const row of [first, index]) errors[`${row}.key`] ??= UNIQUE_MESSAGE
  })
  return errors
}
