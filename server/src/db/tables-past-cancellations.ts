import type { ColumnType, Generated } from 'kysely'

// Cancellations imported from Stripe on connect (migration 212): the import's state and its rows.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export type PastImportStatus = 'pending' | 'running' | 'done' | 'failed'

export interface PastCancellationImportsTable {
  account_id: string
  status: Generated<PastImportStatus>
  stripe_account_id: string | null
  livemode: Generated<boolean>
  requested_at: Timestamp
  window_start: Timestamp
  cursor: string | null
  scanned: Generated<number>
  found: Generated<number>
  lease_token: string | null
  lease_until: NullableTimestamp
  started_at: NullableTimestamp
  finished_at: NullableTimestamp
  error: string | null
  retry_at: NullableTimestamp
}

export interface PastCancellationsTable {
  account_id: string
  subscription_id: string
  stripe_account_id: string | null
  livemode: boolean
  customer_id: string
  customer_email: string | null
  customer_name: string | null
  started_at: NullableTimestamp
  canceled_at: Timestamp
  price_id: string | null
  product_id: string | null
  plan_name: string | null
  mrr_amount: number
  currency: string
  reason: string | null
  feedback: string | null
  comment: string | null
  imported_at: Timestamp
}
