import { type RawBuilder, sql } from 'kysely'

/**
 * A slice of the sessions analytics count: those routed to one segment (`default`: to no segment, the
 * default flow) and/or to one experiment arm. The rollups are per account and day only, so a sliced
 * read goes to the raw queries, which filter on the sessions' own columns.
 */
export interface AnalyticsCohort {
  segmentId?: string | undefined
  armId?: string | undefined
}

export const hasCohort = (cohort: AnalyticsCohort | undefined): cohort is AnalyticsCohort =>
  cohort?.segmentId !== undefined || cohort?.armId !== undefined

/** Conditions on `cancel_sessions` columns (with `prefix`, e.g. `cs.`), each starting with `and`. */
export function sessionCohort(cohort: AnalyticsCohort | undefined, prefix = ''): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = []
  if (cohort?.segmentId === 'default') parts.push(sql` and ${sql.raw(`${prefix}segment_id`)} is null`)
  else if (cohort?.segmentId !== undefined)
    parts.push(sql` and ${sql.raw(`${prefix}segment_id`)} = ${cohort.segmentId}`)
  if (cohort?.armId !== undefined) parts.push(sql` and ${sql.raw(`${prefix}arm_id`)} = ${cohort.armId}`)
  return parts.length === 0 ? sql`` : sql.join(parts, sql``)
}

/** For tables keyed by session (`session_events`, `saves`): only rows of the cohort's sessions. */
export function rowsOfCohort(accountId: string, cohort: AnalyticsCohort | undefined): RawBuilder<unknown> {
  if (!hasCohort(cohort)) return sql``
  return sql` and session_id in (select cs.id from cancel_sessions cs where cs.account_id = ${accountId}${sessionCohort(cohort, 'cs.')})`
}
