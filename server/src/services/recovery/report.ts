import { toCsv } from '@retainkit/shared/csv'
import { type Money, money } from '@retainkit/shared/money'
import { planCampaign, RECOVERY_CHANNELS, type RecoveryChannel } from '@retainkit/shared/recovery'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/tables'
import type { AnalyticsRange } from '../analytics/range'
import { loadRecoverySettings } from './settings'
import { asCampaign, type Campaign, factsOf } from './store'

/**
 * The dashboard's "Payment recovery" section and the raw export, from the campaigns: the period's
 * failures (and the MRR they put at risk), what was recovered in it (amount, MRR, channel, the attempt
 * that paid, the time it took), what was lost (involuntary churn), and what is open now. Live campaigns
 * by default, the merchant's test-mode ones with `mode=test`, as every data set. Money is summed per
 * currency, never across.
 */

type Db = Kysely<Database>

interface Totals {
  state: string
  outcome: string | null
  currency: string
  count: number
  amount: number
  mrr: number
}

const byCurrency = (rows: Totals[], pick: (row: Totals) => number): Money[] => {
  const sums = new Map<string, number>()
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + pick(row))
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => money(amount, currency))
}

const count = (rows: Totals[]) => rows.reduce((sum, row) => sum + row.count, 0)
const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 100)

async function closedTotals(db: Db, accountId: string, range: AnalyticsRange): Promise<Totals[]> {
  const { rows } = await sql<Totals>`
    select state, outcome, currency, count(*)::int as count, coalesce(sum(amount), 0)::float8 as amount,
      coalesce(sum(mrr), 0)::float8 as mrr
    from recovery_campaigns
    where account_id = ${accountId} and mode = ${range.mode ?? 'live'}
      and closed_at >= ${range.start} and closed_at < ${range.until}
    group by state, outcome, currency`.execute(db)
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    amount: Number(row.amount),
    mrr: Number(row.mrr),
  }))
}

async function openedTotals(
  db: Db,
  accountId: string,
  range: AnalyticsRange | null,
  mode: string,
): Promise<Totals[]> {
  const window = range
    ? sql`and failed_at >= ${range.start} and failed_at < ${range.until}`
    : sql`and state in ('failed', 'retrying')`
  const { rows } = await sql<Totals>`
    select '' as state, null as outcome, currency, count(*)::int as count, coalesce(sum(amount), 0)::float8 as amount,
      coalesce(sum(mrr), 0)::float8 as mrr
    from recovery_campaigns
    where account_id = ${accountId} and mode = ${mode} ${window}
    group by currency`.execute(db)
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    amount: Number(row.amount),
    mrr: Number(row.mrr),
  }))
}

async function recoveries(db: Db, accountId: string, range: AnalyticsRange) {
  const { rows } = await sql<{ attempt: number | null; hours: number }>`
    select recovered_attempt as attempt, extract(epoch from (closed_at - failed_at)) / 3600 as hours
    from recovery_campaigns
    where account_id = ${accountId} and mode = ${range.mode ?? 'live'} and state = 'recovered'
      and closed_at >= ${range.start} and closed_at < ${range.until}`.execute(db)
  return rows.map((row) => ({
    attempt: row.attempt === null ? null : Number(row.attempt),
    hours: Number(row.hours),
  }))
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const value =
    sorted.length % 2
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
  return Math.round(value * 10) / 10
}

export async function recoveryReport(db: Db, accountId: string, range: AnalyticsRange) {
  const mode = range.mode ?? 'live'
  const [closed, opened, openNow, paid] = await Promise.all([
    closedTotals(db, accountId, range),
    openedTotals(db, accountId, range, mode),
    openedTotals(db, accountId, null, mode),
    recoveries(db, accountId, range),
  ])
  const recovered = closed.filter((row) => row.state === 'recovered')
  const lost = closed.filter((row) => row.state === 'lost')
  const decided = count(recovered) + count(lost)
  const attempts = new Map<number, number>()
  for (const { attempt } of paid)
    if (attempt !== null) attempts.set(attempt, (attempts.get(attempt) ?? 0) + 1)
  const hours = paid.map((row) => row.hours)
  return {
    failed: { count: count(opened), at_risk_mrr: byCurrency(opened, (row) => row.mrr) },
    open_now: { count: count(openNow), at_risk_mrr: byCurrency(openNow, (row) => row.mrr) },
    recovered: {
      count: count(recovered),
      amount: byCurrency(recovered, (row) => row.amount),
      mrr: byCurrency(recovered, (row) => row.mrr),
    },
    lost: { count: count(lost), mrr: byCurrency(lost, (row) => row.mrr) },
    resolved_elsewhere: { count: count(closed.filter((row) => row.state === 'resolved')) },
    recovery_rate: rate(count(recovered), decided),
    by_channel: RECOVERY_CHANNELS.map((channel: RecoveryChannel) => {
      const rows = recovered.filter((row) => row.outcome === channel)
      return {
        channel,
        recovered: count(rows),
        amount: byCurrency(rows, (row) => row.amount),
        rate: rate(count(rows), decided),
      }
    }),
    by_attempt: [...attempts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([attempt, n]) => ({ attempt, recovered: n })),
    time_to_recover_hours: {
      median: median(hours),
      mean:
        hours.length === 0 ? null : Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10,
    },
  }
}

const iso = (at: Date | null) => (at ? at.toISOString() : null)

/** One campaign as the API, the console's list and the export show it. */
export function campaignView(campaign: Campaign, endsAt: Date | null) {
  return {
    id: campaign.id,
    mode: campaign.mode,
    invoice_id: campaign.invoice_id,
    customer_id: campaign.customer_id,
    subscription_id: campaign.subscription_id,
    state: campaign.state,
    outcome: campaign.outcome,
    amount_due: money(Number(campaign.amount), campaign.currency),
    mrr: money(campaign.mrr, campaign.currency),
    plan_name: campaign.plan_name,
    decline_code: campaign.decline_code,
    hard_decline: campaign.hard_decline,
    stripe_attempts: campaign.stripe_attempts,
    retainkit_attempts: campaign.our_attempts,
    next_step_at: iso(campaign.due_at),
    ends_at: iso(endsAt),
    link_channel: campaign.link_channel,
    link_opened_at: iso(campaign.link_opened_at),
    recovered_attempt: campaign.recovered_attempt,
    failed_at: campaign.failed_at.toISOString(),
    closed_at: iso(campaign.closed_at),
  }
}

export type CampaignView = ReturnType<typeof campaignView>

/** Campaigns for the console's list (newest first) or the export (a period and mode, capped). */
export async function listCampaigns(
  db: Db,
  accountId: string,
  filter: { state?: 'open' | 'closed' | 'all'; range?: AnalyticsRange; limit: number },
): Promise<{ campaigns: CampaignView[]; truncated: boolean }> {
  let query = db.selectFrom('recovery_campaigns').selectAll().where('account_id', '=', accountId)
  if (filter.state === 'open') query = query.where('state', 'in', ['failed', 'retrying'])
  if (filter.state === 'closed') query = query.where('state', 'in', ['recovered', 'lost', 'resolved'])
  if (filter.range) {
    const { range } = filter
    query = query
      .where('mode', '=', range.mode ?? 'live')
      .where('failed_at', '>=', range.start)
      .where('failed_at', '<', range.until)
  }
  const rows = (
    await query
      .orderBy('failed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit + 1)
      .execute()
  ).map(asCampaign)
  const settings = await loadRecoverySettings(db, accountId)
  const campaigns = rows
    .slice(0, filter.limit)
    .map((row) => campaignView(row, planCampaign(factsOf(row, settings), settings).endsAt))
  return { campaigns, truncated: rows.length > filter.limit }
}

const CSV_COLUMNS = [
  'id',
  'mode',
  'invoice_id',
  'customer_id',
  'subscription_id',
  'state',
  'outcome',
  'amount_due',
  'currency',
  'mrr',
  'plan_name',
  'decline_code',
  'hard_decline',
  'stripe_attempts',
  'retainkit_attempts',
  'link_channel',
  'recovered_attempt',
  'failed_at',
  'closed_at',
] as const

export function campaignsCsv(campaigns: CampaignView[]): string {
  const rows = campaigns.map((c) =>
    [
      c.id,
      c.mode,
      c.invoice_id,
      c.customer_id,
      c.subscription_id,
      c.state,
      c.outcome,
      c.amount_due.amount,
      c.amount_due.currency,
      c.mrr.amount,
      c.plan_name,
      c.decline_code,
      c.hard_decline,
      c.stripe_attempts,
      c.retainkit_attempts,
      c.link_channel,
      c.recovered_attempt,
      c.failed_at,
      c.closed_at,
    ].map((value) => (typeof value === 'boolean' ? String(value) : value)),
  )
  return toCsv(CSV_COLUMNS, rows)
}
