import { sql } from 'kysely'
import type { AppDeps } from '../../deps'
import { startClusterPass } from '../cluster-pass'
import { type ChainedRow, rowHash } from './chain'
import { appendSessionEnd } from './session-evidence'
import { toChained } from './store'

/**
 * The ledger's two background passes, safe even if two instances ran them at once (each change is
 * made under the account's chain head lock and re-checked there):
 * - sealing: a session that ended without a billing call (the subscriber kept their plan or closed
 *   the flow; their events came through the events call, which stays one statement) or that was left
 *   open for a day gets its `session_closed` row with every click it recorded;
 * - retention: rows older than EVIDENCE_RETENTION_YEARS are removed from the start of each chain, and
 *   the hash of the last one removed is kept, so the chain that remains still verifies.
 */

const DAY_MS = 86_400_000
/** A session still open after this long is sealed as it stands. */
export const SEAL_OPEN_AFTER_MS = DAY_MS
const SEAL_BATCH = 200

/** Seals up to SEAL_BATCH sessions; how many it sealed. */
export async function sealEndedSessions(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now()
  const due = await deps.db
    .selectFrom('cancel_sessions as s')
    .select(['s.id', 's.account_id', 's.customer_id', 's.mode', 's.status', 's.created_at', 's.completed_at'])
    .where('s.kind', '=', 'cancel')
    .where('s.jurisdiction', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('s.status', 'in', ['stayed', 'abandoned']),
        eb.and([
          eb('s.status', '=', 'open'),
          eb('s.created_at', '<', new Date(now.getTime() - SEAL_OPEN_AFTER_MS)),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('evidence_ledger as e')
            .select('e.seq')
            .whereRef('e.account_id', '=', 's.account_id')
            .whereRef('e.session_id', '=', 's.id')
            .where('e.kind', 'in', ['session_closed', 'statutory_declaration']),
        ),
      ),
    )
    .limit(SEAL_BATCH)
    .execute()
  let sealed = 0
  for (const session of due) {
    const done = await deps.db.transaction().execute(async (trx) => {
      // Under the head lock the check is repeated: another instance may have sealed it meanwhile.
      await sql`select 1 from evidence_heads where account_id = ${session.account_id} for update`.execute(trx)
      const already = await trx
        .selectFrom('evidence_ledger')
        .select('seq')
        .where('account_id', '=', session.account_id)
        .where('session_id', '=', session.id)
        .where('kind', 'in', ['session_closed', 'statutory_declaration'])
        .executeTakeFirst()
      if (already) return false
      await appendSessionEnd(trx, session, 'session_closed', session.completed_at ?? now, {
        outcome: session.status,
        sealed_at: now.toISOString(),
      })
      return true
    })
    if (done) sealed += 1
  }
  return sealed
}

/** Removes an account's rows recorded before `before` from the start of its chain; how many. */
export async function pruneAccountEvidence(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: string,
  before: Date,
): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const head = await trx
      .selectFrom('evidence_heads')
      .select(['pruned_through'])
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst()
    if (!head) return 0
    // Only the run of old rows at the chain's start: a row is never removed from its middle.
    const old = await trx
      .selectFrom('evidence_ledger')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('seq', '>', Number(head.pruned_through))
      .orderBy('seq')
      .limit(5000)
      .execute()
    const run: ChainedRow[] = []
    for (const row of old.map((r) => toChained(r as never))) {
      if (row.recordedAt >= before) break
      run.push(row)
    }
    const last = run[run.length - 1]
    if (!last) return 0
    // A row whose content no longer matches its hash is kept: pruning must not launder tampering.
    if (run.some((row) => rowHash(row) !== row.hash)) return 0
    await sql`set local retainkit.evidence_retention = 'on'`.execute(trx)
    await trx
      .deleteFrom('evidence_ledger')
      .where('account_id', '=', accountId)
      .where('seq', '<=', last.seq)
      .execute()
    await trx
      .updateTable('evidence_heads')
      .set({ pruned_through: last.seq, pruned_hash: last.hash, pruned_at: deps.clock.now() })
      .where('account_id', '=', accountId)
      .execute()
    return run.length
  })
}

/** The retention cut-off: `years` whole years before `now`. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years)
  return cutoff
}

/**
 * Both passes, every `everyMs` (ten minutes), once per cluster (cluster-pass.ts: each change is safe
 * twice anyway, this saves the reads); never throws. Returns a stop function.
 */
export function startEvidencePasses(deps: AppDeps, everyMs = 10 * 60_000): () => void {
  return startClusterPass(deps, 'evidence ledger', everyMs, async () => {
    while ((await sealEndedSessions(deps)) === SEAL_BATCH) {}
    const before = retentionCutoff(deps.clock.now(), deps.config.evidenceRetentionYears)
    const heads = await deps.db.selectFrom('evidence_heads').select('account_id').execute()
    for (const { account_id } of heads) await pruneAccountEvidence(deps, account_id, before)
  })
}
