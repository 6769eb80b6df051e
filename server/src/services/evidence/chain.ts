import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { Database } from '../../db/tables'

/**
 * The evidence ledger's hash chain. Each account's rows are numbered 1, 2, 3… and each row's hash is
 * SHA-256 over the previous row's hash and the row's canonical content, so changing, removing or
 * reordering a row breaks every hash after it — which `verifyChain` finds. The chain starts from a
 * genesis hash derived from the account id; retention (retention.ts) removes old rows and keeps the
 * hash of the last one removed, which the first kept row chains from.
 *
 * Everything here is plain, documented SHA-256 over canonical JSON (README.md beside this file), so
 * anyone holding an export can check it without Retainkit.
 */

export interface EvidenceEntry {
  accountId: string
  sessionId: string | null
  customerId: string | null
  mode: 'live' | 'test'
  kind: string
  recordedAt: Date
  body: Record<string, unknown>
}

export interface ChainedRow extends EvidenceEntry {
  seq: number
  prevHash: string
  hash: string
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** Where an account's chain starts. */
export const genesisHash = (accountId: string): string => sha256(`retainkit-evidence-genesis:${accountId}`)

/** A row's hash: SHA-256 of `prevHash`, a newline, and the canonical JSON of its content. */
export function rowHash(row: Omit<ChainedRow, 'hash'>): string {
  const content = canonicalJson({
    account_id: row.accountId,
    seq: row.seq,
    session_id: row.sessionId,
    customer_id: row.customerId,
    mode: row.mode,
    kind: row.kind,
    recorded_at: row.recordedAt.toISOString(),
    body: row.body,
  })
  return sha256(`${row.prevHash}\n${content}`)
}

/**
 * Strips what PostgreSQL's jsonb cannot keep as given (NUL characters) and what JSON drops
 * (undefined), so the content hashed here is the content read back later.
 */
export function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll('\u0000', '')
  if (Array.isArray(value)) return value.map(storable)
  if (value instanceof Date) return value.toISOString()
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = storable(inner)
    return out
  }
  return value
}

/**
 * Appends entries to their account's chain inside `trx` (the transaction of the event they record):
 * the account's head row is locked until commit, so appends of one account queue and the numbering has
 * no gaps or forks. Returns the rows as written.
 */
export async function appendEvidence(
  trx: Transaction<Database>,
  entries: readonly EvidenceEntry[],
): Promise<ChainedRow[]> {
  const written: ChainedRow[] = []
  for (const entry of entries) {
    const genesis = genesisHash(entry.accountId)
    await trx
      .insertInto('evidence_heads')
      .values({ account_id: entry.accountId, hash: genesis, pruned_hash: genesis })
      .onConflict((conflict) => conflict.column('account_id').doNothing())
      .execute()
    const head = await trx
      .selectFrom('evidence_heads')
      .select(['seq', 'hash'])
      .where('account_id', '=', entry.accountId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const unhashed = {
      ...entry,
      recordedAt: new Date(entry.recordedAt.getTime()),
      body: storable(entry.body) as Record<string, unknown>,
      seq: Number(head.seq) + 1,
      prevHash: head.hash,
    }
    const row: ChainedRow = { ...unhashed, hash: rowHash(unhashed) }
    await trx
      .insertInto('evidence_ledger')
      .values({
        account_id: row.accountId,
        seq: row.seq,
        session_id: row.sessionId,
        customer_id: row.customerId,
        mode: row.mode,
        kind: row.kind,
        recorded_at: row.recordedAt,
        body: JSON.stringify(row.body),
        prev_hash: row.prevHash,
        hash: row.hash,
      })
      .execute()
    await trx
      .updateTable('evidence_heads')
      .set({ seq: row.seq, hash: row.hash })
      .where('account_id', '=', entry.accountId)
      .execute()
    written.push(row)
  }
  return written
}

export type ChainProblem =
  | { seq: number; problem: 'content_changed' }
  | { seq: number; problem: 'link_broken' }
  | { seq: number; problem: 'rows_missing'; expected: number }
  | { seq: number; problem: 'head_mismatch' }

/**
 * Checks rows of one chain in order: each row's hash is its content's (else `content_changed`), its
 * `prevHash` is the previous row's hash (else `link_broken`), and numbers follow each other (else
 * `rows_missing`). `start` is where the checked run begins: the hash the first row must chain from
 * and its number, when known.
 */
export function verifyChain(
  rows: readonly ChainedRow[],
  start?: { prevHash: string; seq: number },
): ChainProblem[] {
  const problems: ChainProblem[] = []
  let expectedPrev = start?.prevHash
  let expectedSeq = start?.seq
  for (const row of rows) {
    if (expectedSeq !== undefined && row.seq !== expectedSeq)
      problems.push({ seq: row.seq, problem: 'rows_missing', expected: expectedSeq })
    else if (expectedPrev !== undefined && row.prevHash !== expectedPrev)
      problems.push({ seq: row.seq, problem: 'link_broken' })
    if (rowHash(row) !== row.hash) problems.push({ seq: row.seq, problem: 'content_changed' })
    expectedPrev = row.hash
    expectedSeq = row.seq + 1
  }
  return problems
}
