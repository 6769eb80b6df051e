import {
  type RecoverySettings,
  type RecoveryTextKey,
  recoverySettingsSchema,
  withRecoveryDefaults,
} from '@retainkit/shared/recovery'

/**
 * The settings form's working copy: the retry schedule as rows of a number and a unit (the API keeps
 * hours), numbers that may be empty while typed, the return address as text. `toSettings` turns it back
 * into what `PUT /api/recovery/{accountId}` takes; `draftErrors` checks it with the shared schema, so
 * the page shows the server's own messages before anything is sent.
 */

export const RETRY_UNITS = ['hours', 'days'] as const
export type RetryUnit = (typeof RETRY_UNITS)[number]
const HOURS_PER: Readonly<Record<RetryUnit, number>> = { hours: 1, days: 24 }

export interface RetryRow {
  /** Stable React key: rows are added and removed. */
  key: number
  amount: number | undefined
  unit: RetryUnit
}

export type Draft = Omit<RecoverySettings, 'schedule_hours' | 'grace_days' | 'return_url'> & {
  schedule: RetryRow[]
  grace_days: number | undefined
  return_url: string
}

/** Error messages by field path, dotted as the server reports them (`schedule_hours.1`, `grace_days`). */
export type DraftErrors = Readonly<Record<string, string>>

/** Whole days read as days (72 h → 3 days), shorter or odd spans as hours. */
export function retryRow(hours: number, key: number): RetryRow {
  return hours >= 48 && hours % 24 === 0
    ? { key, amount: hours / 24, unit: 'days' }
    : { key, amount: hours, unit: 'hours' }
}

export function draftOf(stored: unknown): Draft {
  const settings = withRecoveryDefaults(stored)
  const { schedule_hours, return_url, ...rest } = settings
  return {
    ...rest,
    schedule: schedule_hours.map((hours, i) => retryRow(hours, i)),
    return_url: return_url ?? '',
  }
}

/** The request body; a row or field left empty becomes NaN so the check below names it. */
export function toSettings(draft: Draft): RecoverySettings {
  const { schedule, return_url, grace_days, ...rest } = draft
  return {
    ...rest,
    schedule_hours: schedule.map((row) =>
      row.amount === undefined ? Number.NaN : row.amount * HOURS_PER[row.unit],
    ),
    grace_days: grace_days ?? Number.NaN,
    return_url: return_url.trim() === '' ? null : return_url.trim(),
    texts: withoutEmptyTexts(draft.texts),
  }
}

/** A text cleared in the form means "use the built-in words": the key is left out, not sent empty. */
function withoutEmptyTexts(texts: RecoverySettings['texts']): RecoverySettings['texts'] {
  const out: Record<string, Partial<Record<RecoveryTextKey, string>>> = {}
  for (const [locale, words] of Object.entries(texts)) {
    const kept = Object.entries(words).filter(([, text]) => (text ?? '').trim() !== '')
    if (kept.length > 0) out[locale] = Object.fromEntries(kept)
  }
  return out
}

const EMPTY_NUMBER = 'Enter a whole number'

/** The shared schema's messages by path, an empty number named as such rather than as "NaN". */
export function draftErrors(draft: Draft): DraftErrors {
  const errors: Record<string, string> = {}
  draft.schedule.forEach((row, i) => {
    if (row.amount === undefined) errors[`schedule_hours.${i}`] = EMPTY_NUMBER
  })
  if (draft.grace_days === undefined) errors.grace_days = EMPTY_NUMBER
  const result = recoverySettingsSchema.safeParse(toSettings(draft))
  for (const issue of result.success ? [] : result.error.issues) {
    const key = issue.path.map(String).join('.')
    errors[key] ??= issue.message
  }
  return errors
}

export const sameDraft = (a: Draft, b: Draft): boolean =>
  JSON.stringify(toSettings(a)) === JSON.stringify(toSettings(b))
