import type { HeadlineFigures } from '@retainkit/shared/schemas'
import { userMessageOf } from '../../lib/error-handler'
import { formatCount, formatPoints, formatSaveRate } from '../../lib/format'
import { useApiResource } from '../../lib/use-api-resource'
import { loadHeadlineFigures } from './dashboard-data'
import { reasonLabel } from './dashboard-shaping'
import { formatIn } from './money-view'
import type { DatasetRange } from './use-dataset'

/**
 * The dashboard's headline row: the period's cancel sessions, save rate, saved MRR and top reason, each
 * beside the previous period of the same length (the server computes both, so the row never disagrees
 * with the charts).
 */
interface Figure {
  label: string
  value: string
  change: string
}

/** "+2 (+50%)", "−1 (−25%)", "No change", or "New: none the period before" when there was nothing. */
export function countChange(current: number, previous: number): string {
  if (current === previous) return 'No change from the previous period'
  if (previous === 0) return `Up ${formatCount(current)} from none the previous period`
  const difference = current - previous
  const percent = Math.round((Math.abs(difference) / previous) * 100)
  return `${difference > 0 ? 'Up' : 'Down'} ${formatCount(Math.abs(difference))} (${formatCount(percent)}%) from the previous period`
}

/** Save rates change in percentage points; a period without finished sessions has no rate to compare. */
export function rateChange(current: number | null, previous: number | null): string {
  if (previous === null) return 'No finished sessions the previous period'
  if (current === null) return `Was ${formatSaveRate(previous)} the previous period`
  const points = Math.round((current - previous) * 100) / 100
  if (points === 0) return 'No change from the previous period'
  return `${points > 0 ? 'Up' : 'Down'} ${formatPoints(Math.abs(points))} points from the previous period`
}

export function moneyChange(current: number, previous: number, currency: string): string {
  if (current === previous) return 'No change from the previous period'
  if (previous === 0) return `Up ${formatIn(current, currency)} from none the previous period`
  const difference = current - previous
  return `${difference > 0 ? 'Up' : 'Down'} ${formatIn(Math.abs(difference), currency)} from the previous period`
}

type SavedMrr = NonNullable<HeadlineFigures['saved_mrr']>

/** One amount per currency (never added across), each compared with its own previous period. */
function savedMrrFigure(rows: SavedMrr): Figure {
  if (rows.length === 0) return { label: 'Saved MRR', value: 'None yet', change: 'No saves either period' }
  const shown = rows.filter((row) => row.current > 0)
  return {
    label: 'Saved MRR',
    value:
      shown.length === 0 ? 'None yet' : shown.map((row) => formatIn(row.current, row.currency)).join(' · '),
    change: rows
      .map((row) => {
        const change = moneyChange(row.current, row.previous, row.currency)
        return rows.length > 1 ? `${row.currency.toUpperCase()}: ${change}` : change
      })
      .join('; '),
  }
}

export function headlineFigures(data: HeadlineFigures, labels: ReadonlyMap<string, string>): Figure[] {
  const figures: Figure[] = [
    {
      label: 'Cancel sessions',
      value: formatCount(data.sessions.current),
      change: countChange(data.sessions.current, data.sessions.previous),
    },
    {
      label: 'Save rate',
      value: formatSaveRate(data.save_rate.current),
      change: rateChange(data.save_rate.current, data.save_rate.previous),
    },
  ]
  if (data.saved_mrr) figures.push(savedMrrFigure(data.saved_mrr))
  const top = data.top_reason.current
  const before = data.top_reason.previous
  figures.push({
    label: 'Top reason',
    value: top ? reasonLabel(top.reason_key, labels) : 'None yet',
    change: !before
      ? 'No reasons given the previous period'
      : before.reason_key === top?.reason_key
        ? 'Also the top reason the previous period'
        : `Was ${reasonLabel(before.reason_key, labels)} the previous period`,
  })
  return figures
}

export function HeadlineFiguresRow({
  range,
  labels,
}: {
  range: DatasetRange
  labels: ReadonlyMap<string, string>
}) {
  const { accountId, startDate, endDate, mode } = range
  const { state, reload } = useApiResource(
    () => loadHeadlineFigures<HeadlineFigures>({ accountId, startDate, endDate, ...(mode ? { mode } : {}) }),
    `${accountId} ${startDate} ${endDate} ${mode ?? 'live'}`,
  )
  if (state.status === 'error') {
    return (
      <p className="rk-notice rk-notice--error" role="alert">
        Headline figures unavailable. {userMessageOf(state.error)}{' '}
        <button
          type="button"
          className="rk-button rk-button--secondary rk-button--small"
          onClick={() => void reload()}
        >
          Retry
        </button>
      </p>
    )
  }
  if (state.status === 'loading')
    return <div className="rk-headline rk-headline--loading" aria-hidden="true" />
  return (
    <dl className="rk-headline" aria-label="Headline figures" data-testid="headline-figures">
      {headlineFigures(state.data, labels).map((figure) => (
        <div key={figure.label} className="rk-headline__figure">
          <dt>{figure.label}</dt>
          <dd className="rk-headline__value">{figure.value}</dd>
          <dd className="rk-headline__change">{figure.change}</dd>
        </div>
      ))}
    </dl>
  )
}
