import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { Logger } from '../logger'

/**
 * The collation the write-in tokeniser runs `lower()` and `[[:alpha:]]` under. Shared `wordFrequencies`
 * lower-cases and splits by Unicode rules; PostgreSQL does so only under a Unicode-aware collation —
 * under plain "C" (a common `lc_ctype`) it lower-cases ASCII alone and reads 'é' as a separator, so
 * "Café" would count as "caf". The database default usually is Unicode-aware (C.UTF-8, en_US.UTF-8);
 * when it is not, the first candidate that behaves is used. Probed once per database handle.
 */
const CANDIDATES = ['pg_c_utf8', 'C.utf8', 'C.UTF-8', 'und-x-icu', 'en_US.utf8'] as const

export type TextCollation = 'default' | (typeof CANDIDATES)[number]

const probed = new WeakMap<Kysely<Database>, Promise<TextCollation>>()

/** `COLLATE …` for the tokeniser, or nothing when the database default already follows Unicode. */
export function collateClause(collation: TextCollation): RawBuilder<unknown> {
  // Only names from CANDIDATES reach sql.raw, never input.
  return collation === 'default' ? sql`` : sql.raw(`collate "${collation}"`)
}

async function behaves(db: Kysely<Database>, collation: TextCollation): Promise<boolean> {
  const clause = collateClause(collation)
  const { rows } = await sql<{ ok: boolean }>`
    select lower(${'ÉÑ'}::text ${clause}) = 'éñ' and (${'é'}::text ${clause}) ~ '^[[:alpha:]]$' as ok`.execute(
    db,
  )
  return rows[0]?.ok === true
}

async function probe(db: Kysely<Database>, logger: Logger): Promise<TextCollation> {
  if (await behaves(db, 'default')) return 'default'
  const { rows } = await sql<{ collname: string }>`
    select collname from pg_collation
    where collname = any(${[...CANDIDATES]}::text[])
      and collencoding in (-1, (select encoding from pg_database where datname = current_database()))`.execute(
    db,
  )
  const present = new Set(rows.map((row) => row.collname))
  for (const candidate of CANDIDATES) {
    if (present.has(candidate) && (await behaves(db, candidate).catch(() => false))) return candidate
  }
  logger.warn('no Unicode-aware collation found: write-in words with accents split on non-ASCII letters')
  return 'default'
}

export function textCollation(db: Kysely<Database>, logger: Logger): Promise<TextCollation> {
  let pending = probed.get(db)
  if (!pending) {
    pending = probe(db, logger)
    // A failed probe (database down) is retried on the next call instead of being cached.
    pending.catch(() => probed.delete(db))
    probed.set(db, pending)
  }
  return pending
}
