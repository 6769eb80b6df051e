import { utcDayKey } from '@retainkit/shared/period'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'

/**
 * Folds each account's rolled-up counters of past days into one row per key (migration 141): concurrent
 * writers leave up to one row per slot, and every dashboard read would add them up again for every day
 * of its range. Today's rows, still being written, are left alone. Sums never change, so what any
 * dashboard answers is the same before, during and after a pass. Then the write-in words of the days
 * that are over, added to their months (foldWordMonths).
 */
export async function compactRollupSlots(
  db: Kysely<Database>,
  accountId: string,
  now: Date,
): Promise<number> {
  const today = now.toISOString().slice(0, 10)
  const { rows } = await sql<{ folded: number }>`
    select retainkit_compact_rollup_slots(${accountId}, ${today}::date) as folded`.execute(db)
  await foldWordMonths(db, accountId, now)
  return Number(rows[0]?.folded ?? 0)
}

/** Days before this one may be folded at `now`: those that have been over for an hour. */
export function foldBefore(now: Date): string {
  return utcDayKey(new Date(now.getTime() - 60 * 60_000))
}

/**
 * Adds the account's write-in words of the days that are over to their months' rows (migration 150),
 * so the write-in words data set sums months, not days. How many months it added to.
 */
export async function foldWordMonths(db: Kysely<Database>, accountId: string, now: Date): Promise<number> {
  const { rows } = await sql<{ months: number }>`
    select retainkit_fold_word_months(${accountId}, ${foldBefore(now)}::date) as months`.execute(db)
  return Number(rows[0]?.months ?? 0)
}

/** Every account, one after the other, every `everyMs` (hourly) once per cluster; never throws. Returns a stop function. */
export function startRollupCompaction(deps: AppDeps, everyMs = 60 * 60_000): () => void {
  return startClusterPass(deps, 'rollup compaction', everyMs, async () => {
    const accounts = await deps.db.selectFrom('accounts').select('id').execute()
    for (const { id } of accounts) {
      await compactRollupSlots(deps.db, id, deps.clock.now()).catch((error: unknown) => {
        deps.logger.warn('rollup compaction failed; retried on the next pass', {
          accountId: id,
          error: error instanceof Error ? error.message : String(error),
        })
      })
    }
  })
}
