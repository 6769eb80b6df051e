import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import type { Logger } from '../../ports/logger'
import type { AnalyticsRange } from './range'

/**
 * What every data set reads with: a leaf, so the table of data sets (endpoints.ts) and the reads it
 * calls take it from here rather than from each other.
 */
export type Tier = 'free' | 'pro'

export interface AnalyticsContext {
  db: Kysely<Database>
  logger: Logger
  accountId: string
  range: AnalyticsRange
  tier: Tier
  /** The server's clock: saves are followed up to this moment. */
  now: Date
  /**
   * Reads already under way for this request, by what they read (shared-reads.ts): the data sets of one
   * dashboard call share them. Absent: every read runs on its own.
   */
  reads?: Map<string, Promise<unknown>>
}
