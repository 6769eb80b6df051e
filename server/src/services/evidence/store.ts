import type { Kysely } from 'kysely'
import type { Database } from '../../db/tables'
import { type ChainedRow, type ChainProblem, genesisHash, verifyChain } from './chain'

/** Rows read per query while walking a chain (memory stays bounded whatever its length). */
const PAGE = 1000
/** A verification walks at most this many rows; beyond it the answer says it stopped. */
export const MAX_VERIFIED_ROWS = 500_000

type Db = Pick<Kysely<Database>, 'selectFrom'>

interface LedgerRow {
  account_id: string
  seq: number
  session_id: string | null
  customer_id: string | null
  mode: 'live' | 'test'
  kind: string
  recorded_at: Date
  body: Record<string, unknown>
  prev_hash: string
  hash: string
}

export const toChained = (row: LedgerRow): ChainedRow => ({
  accountId: row.account_id,
  seq: Number(row.seq),
  sessionId: row.session_id,
  customerId: row.customer_id,
  mode: row.mode,
  kind: row.kind,
  recordedAt: new Date(row.recorded_at),
  body: row.body,
  prevHash: row.prev_hash,
  hash: row.hash,
})

export interface LedgerFilter {
  customerId?: string
  sessionId?: string
  /** recorded_at ≥ from and ≤ to */
  from?: Date
  to?: Date
  mode?: 'live' | 'test'
  /** At most this many rows (the newest are cut; the answer says so). */
  limit?: number
}

/** An account's ledger rows matching `filter`, oldest first. */
export async function readLedger(db: Db, accountId: string, filter: LedgerFilter): Promise<ChainedRow[]> {
  let query = db.selectFrom('evidence_ledger').selectAll().where('account_id', '=', accountId)
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId)
  if (filter.sessionId) query = query.where('session_id', '=', filter.sessionId)
  if (filter.from) query = query.where('recorded_at', '>=', filter.from)
  if (filter.to) query = query.where('recorded_at', '<=', filter.to)
  if (filter.mode) query = query.where('mode', '=', filter.mode)
  const rows = await query
    .orderBy('seq')
    .limit(filter.limit ?? MAX_VERIFIED_ROWS)
    .execute()
  return (rows as unknown as LedgerRow[]).map(toChained)
}

export interface ChainReport {
  /** No problem found in what was checked. */
  intact: boolean
  /** Rows checked, and the span of numbers they covered. */
  checked: number
  fromSeq: number
  toSeq: number
  /** The chain's head as recorded (the last row's number and hash). */
  head: { seq: number; hash: string }
  /** Rows before `fromSeq` removed by retention, and the hash the first kept row chains from. */
  prunedThrough: number
  problems: ChainProblem[]
  /** The walk stopped at MAX_VERIFIED_ROWS. */
  stopped: boolean
}

/**
 * Verifies an account's chain from `fromSeq` (default: the first row retention kept) to its head,
 * page by page: every row's hash, every link, no gap, and the last row matching the recorded head (a
 * removed tail is found too). A span that starts later is checked from the row before it.
 */
export async function verifyAccountChain(db: Db, accountId: string, fromSeq?: number): Promise<ChainReport> {
  const head = await db
    .selectFrom('evidence_heads')
    .select(['seq', 'hash', 'pruned_through', 'pruned_hash'])
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  const genesis = genesisHash(accountId)
  const recorded = head
    ? {
        seq: Number(head.seq),
        hash: head.hash,
        prunedThrough: Number(head.pruned_through),
        prunedHash: head.pruned_hash,
      }
    : { seq: 0, hash: genesis, prunedThrough: 0, prunedHash: genesis }
  const first = Math.max(recorded.prunedThrough + 1, fromSeq ?? 0)
  let start: { prevHash: string; seq: number } | undefined =
    first === recorded.prunedThrough + 1 ? { prevHash: recorded.prunedHash, seq: first } : undefined
  const problems: ChainProblem[] = []
  let checked = 0
  let last: ChainedRow | null = null
  let after = first - 1
  for (;;) {
    const page = (
      (await db
        .selectFrom('evidence_ledger')
        .selectAll()
        .where('account_id', '=', accountId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(PAGE)
        .execute()) as unknown as LedgerRow[]
    ).map(toChained)
    if (page.length === 0) break
    problems.push(...verifyChain(page, start))
    checked += page.length
    last = page[page.length - 1] as ChainedRow
    start = { prevHash: last.hash, seq: last.seq + 1 }
    after = last.seq
    if (checked >= MAX_VERIFIED_ROWS) break
  }
  const stopped = checked >= MAX_VERIFIED_ROWS && last !== null && last.seq < recorded.seq
  if (!stopped && (last?.seq ?? recorded.prunedThrough) !== recorded.seq)
    problems.push({ seq: recorded.seq, problem: 'rows_missing', expected: recorded.seq })
  else if (!stopped && last && last.hash !== recorded.hash)
    problems.push({ seq: last.seq, problem: 'head_mismatch' })
  return {
    intact: problems.length === 0,
    checked,
    fromSeq: first,
    toSeq: last?.seq ?? first - 1,
    head: { seq: recorded.seq, hash: recorded.hash },
    prunedThrough: recorded.prunedThrough,
    problems,
    stopped,
  }
}
