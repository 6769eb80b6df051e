import type { SentimentLabel } from '@retainkit/shared/feedback-insights'
import { useId, useState } from 'react'
import { monthLabel } from '../dashboard-shaping'
import type { BreakdownView, QuoteFilterSet, SentimentGroup } from './feedback-shaping'
import { zeroCounts } from './feedback-shaping'
import { SentimentBar, SentimentLegend } from './sentiment-bars'
import { SentimentOverTime } from './sentiment-over-time'

const SPLITS = {
  reason: 'By reason',
  outcome: 'By outcome',
  segment: 'By segment',
  arm: 'By experiment arm',
  month: 'By month',
} as const
type Split = keyof typeof SPLITS

/** What a selected figure is: its words for the quotes' heading, and the filters that find it. */
export interface FigureSelection {
  title: string
  filter: QuoteFilterSet
}

function groupsOf(data: BreakdownView, split: Split): SentimentGroup[] {
  if (split === 'month')
    return data.byMonth.map((row) => ({
      id: `month:${row.month}`,
      label: monthLabel(row.month),
      counts: row.counts,
      filter: { month: row.month },
    }))
  return { reason: data.byReason, outcome: data.byOutcome, segment: data.bySegment, arm: data.byArm }[split]
}

/**
 * Pro's sentiment breakdown: one stacked bar per reason, outcome, segment, arm or month (a select picks
 * which), each part a button that opens the write-ins behind it, and the months as a chart.
 */
export function SentimentBreakdown({
  data,
  onSelect,
}: {
  data: BreakdownView
  onSelect: (selection: FigureSelection) => void
}) {
  const [split, setSplit] = useState<Split>('reason')
  const selectId = useId()
  const groups = groupsOf(data, split)
  const select = (group: SentimentGroup, sentiment: SentimentLabel) =>
    onSelect({
      title: `${group.label}, ${sentiment.replace('_', ' ')}`,
      filter: { ...group.filter, sentiment },
    })
  const totals = groups.reduce((sum, group) => {
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += group.counts[key]
    return sum
  }, zeroCounts())
  return (
    <div className="rk-sentiment-breakdown">
      <div className="rk-field rk-field--inline">
        <label htmlFor={selectId}>Split write-ins</label>
        <select
          id={selectId}
          className="rk-select"
          value={split}
          onChange={(event) => setSplit(event.target.value as Split)}
        >
          {(Object.keys(SPLITS) as Split[]).map((key) => (
            <option key={key} value={key}>
              {SPLITS[key]}
            </option>
          ))}
        </select>
      </div>
      <SentimentLegend counts={totals} />
      {groups.length === 0 ? (
        <p className="rk-card__hint">No write-ins to split this way in this period.</p>
      ) : (
        <ul className="rk-sentiment-rows">
          {groups.map((group) => (
            <li key={group.id} className="rk-sentiment-rows__row">
              <span className="rk-sentiment-rows__label">
                {group.label} <span className="rk-sentiment-rows__count">{group.counts.total}</span>
              </span>
              <SentimentBar
                label={group.label}
                counts={group.counts}
                onSelect={(sentiment) => select(group, sentiment)}
              />
            </li>
          ))}
        </ul>
      )}
      <h3 className="rk-subheading">Over time</h3>
      <SentimentOverTime
        months={data.byMonth}
        onSelect={(month, sentiment) =>
          onSelect({
            title: `${monthLabel(month)}, ${sentiment.replace('_', ' ')}`,
            filter: { month, sentiment },
          })
        }
      />
    </div>
  )
}
