import type { ApiData } from '@retainkit/shared/api'
import type { Tier } from '@retainkit/shared/billing'
import type { RecoveryChannel } from '@retainkit/shared/recovery'
import { useEffect, useId, useState } from 'react'
import { apiRequest } from '../../lib/api-client'
import { formatNumber } from '../../lib/format'
import { formatList, moneyList } from './money-view'
import type { DatasetRange } from './use-dataset'
import './recovery-section.css'

type Report = ApiData<'GET /api/recovery/{accountId}/report'>

const CHANNEL_NAMES: Record<RecoveryChannel, string> = {
  stripe_retry: "Stripe's retry",
  our_retry: "Retainkit's retry",
  email_link: 'E-mail link',
  banner: 'On-site banner',
}

const percent = (value: number | null) => (value === null ? '—' : `${formatNumber(value)}%`)
const hours = (value: number | null) =>
  value === null
    ? '—'
    : value < 48
      ? `${formatNumber(value)} h`
      : `${formatNumber(Math.round(value / 2.4) / 10)} days`
/** `1 invoice`, `5 invoices`. */
const invoices = (count: number) => `${formatNumber(count)} ${count === 1 ? 'invoice' : 'invoices'}`
/** Money lists as the API answers them: one amount per currency, never one sum. */
const amounts = (raw: unknown) => formatList(moneyList(raw))

/** The report for the dashboard's period and mode; null while loading, or when the module is not there. */
function useRecoveryReport(range: DatasetRange | null, enabled: boolean): Report | null {
  const [report, setReport] = useState<Report | null>(null)
  const { accountId = '', startDate, endDate, mode } = range ?? {}
  useEffect(() => {
    if (!enabled || !accountId) return
    let live = true
    setReport(null)
    void apiRequest<Report>('GET', `/api/recovery/${encodeURIComponent(accountId)}/report`, {
      query: { startDate, endDate, mode: mode === 'test' ? 'test' : undefined },
    }).then((result) => {
      // Without early access, the module switched off or a free plan, the section is simply not there.
      if (live) setReport(result.data ?? null)
    })
    return () => {
      live = false
    }
  }, [accountId, startDate, endDate, mode, enabled])
  return report
}

/**
 * Payment recovery on the dashboard: what failed payments put at risk, what was won back (amount, MRR,
 * invoices), by which channel and at which attempt, how long it took, and what was lost (involuntary
 * churn), for the dashboard's period and test-mode choice. Shown only to accounts that have the module
 * (the report answers nothing else), on Pro, for the whole account.
 */
export function RecoverySection({
  range,
  tier,
}: {
  range: DatasetRange | null
  tier: Tier | null | undefined
}) {
  // Not per segment or arm: a sliced dashboard leaves it out rather than show the whole account's.
  const report = useRecoveryReport(range, tier !== undefined && tier !== 'free' && !range?.slice)
  const titleId = useId()
  if (!report) return null
  return (
    <div className="rk-dashboard__grid">
      <section className="rk-card rk-card--wide" aria-labelledby={titleId}>
        <header className="rk-card__header">
          <h2 id={titleId}>Payment recovery</h2>
          <p className="rk-card__description">
            Failed subscription payments in this period and what became of them. Amounts stay in their own
            currency.
          </p>
        </header>
        <div className="rk-card__body">
          <dl className="rk-recovery-figures">
            <dt>At-risk MRR (failed in the period)</dt>
            <dd>
              {amounts(report.failed.at_risk_mrr)} ({invoices(report.failed.count)})
            </dd>
            <dt>At risk now (open campaigns)</dt>
            <dd>
              {amounts(report.open_now.at_risk_mrr)} ({invoices(report.open_now.count)})
            </dd>
            <dt>Recovered</dt>
            <dd>
              {amounts(report.recovered.amount)} · MRR {amounts(report.recovered.mrr)} (
              {invoices(report.recovered.count)})
            </dd>
            <dt>Recovery rate</dt>
            <dd>{percent(report.recovery_rate)}</dd>
            <dt>Time to recover (median)</dt>
            <dd>{hours(report.time_to_recover_hours.median)}</dd>
            <dt>Involuntary churn (lost)</dt>
            <dd>
              MRR {amounts(report.lost.mrr)} ({invoices(report.lost.count)})
            </dd>
          </dl>
          <div className="rk-table-wrap">
            <table className="rk-table rk-recovery-table">
              <caption>Recovered by channel</caption>
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Invoices</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Rate</th>
                </tr>
              </thead>
              <tbody>
                {report.by_channel.map((row) => (
                  <tr key={row.channel}>
                    <th scope="row">{CHANNEL_NAMES[row.channel]}</th>
                    <td>{formatNumber(row.recovered)}</td>
                    <td>{amounts(row.amount)}</td>
                    <td>{percent(row.rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="rk-table-wrap">
            <table className="rk-table rk-recovery-table">
              <caption>Recovered by attempt</caption>
              <thead>
                <tr>
                  <th scope="col">Attempt</th>
                  <th scope="col">Invoices</th>
                </tr>
              </thead>
              <tbody>
                {report.by_attempt.length === 0 ? (
                  <tr>
                    <td colSpan={2}>None yet</td>
                  </tr>
                ) : (
                  report.by_attempt.map((row) => (
                    <tr key={row.attempt}>
                      <th scope="row">{formatNumber(row.attempt)}</th>
                      <td>{formatNumber(row.recovered)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </div>
  )
}
