import type { ApiCall } from '@retainkit/shared/api'
import { WIDGET_CONTRACT_OLDEST, WIDGET_CONTRACT_VERSION } from '@retainkit/shared/widget-api'

/** The widget API's calls, as the shared contract names them (`POST /api/widget/sessions/{id}/accept`). */
export type WidgetCall = Extract<ApiCall, `${'GET' | 'POST'} /api/widget/${string}`>

/** A JSON value as it travels: adapters take and return plain parsed JSON, never class instances. */
export type Json = unknown

/**
 * What one contract version changed, seen from the version before it. `answers` turn this version's
 * answer to a call into what the previous version's widget reads (fields it does not know may stay:
 * every widget ignores those, so only renamed, moved, re-shaped or newly required things need one);
 * `requests` turn what the previous version's widget sends into this version's request, before the
 * route validates it. A change without either (the version only changed the bundle) is an empty entry.
 */
export interface VersionChange {
  /** What changed, for the people reading the next change. */
  readonly summary: string
  readonly answers?: Partial<Record<WidgetCall, (answer: Json) => Json>>
  readonly requests?: Partial<Record<WidgetCall, (body: Json) => Json>>
}

/**
 * One entry per version above the oldest one answered, keyed by the version that made the change
 * (versions.test.ts checks the keys are exactly WIDGET_CONTRACT_OLDEST + 1 … WIDGET_CONTRACT_VERSION).
 * Answering version n means applying, newest first, the `answers` of every entry above n; a request of
 * version n goes up through the `requests` of every entry above n, oldest first.
 */
export const VERSION_CHANGES: Readonly<Record<number, VersionChange>> = {
  2: {
    summary:
      'The widget states the contract version it speaks (the `v` query parameter of every call). ' +
      'Nothing else: version 1 (the widget released before versioning, commit a1224bd) reads the same answers.',
  },
}

/** A table of changes and the version it leads up to (VERSION_CHANGES's own, or a test's). */
export interface ChangeTable {
  changes: Readonly<Record<number, VersionChange>>
  newest: number
}

export const CHANGES: ChangeTable = { changes: VERSION_CHANGES, newest: WIDGET_CONTRACT_VERSION }

/** The versions a change is recorded for, newest first, that answering `version` goes through. */
export function changesAbove(version: number, table: ChangeTable = CHANGES): VersionChange[] {
  const changes: VersionChange[] = []
  for (let v = table.newest; v > version; v--) {
    const change = table.changes[v]
    if (change) changes.push(change)
  }
  return changes
}

export const SUPPORTED_VERSIONS: readonly number[] = Array.from(
  { length: WIDGET_CONTRACT_VERSION - WIDGET_CONTRACT_OLDEST + 1 },
  (_, i) => WIDGET_CONTRACT_OLDEST + i,
)
