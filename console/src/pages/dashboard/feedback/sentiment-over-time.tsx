import { ResponsiveBar } from '@nivo/bar'
import { SENTIMENT_NAMES, type SentimentLabel } from '@retainkit/shared/feedback-insights'
import { bottomAxisOf, shortMonth } from '../charts/axis-fit'
import { CHART_THEME, countTicks, listSummary, prefersReducedMotion } from '../charts/chart-theme'
import { useFittedAxis } from '../charts/use-fitted-axis'
import { monthLabel } from '../dashboard-shaping'
import type { BreakdownView } from './feedback-shaping'
import { BAR_ORDER, SENTIMENT_COLORS } from './sentiment-bars'

/**
 * Write-ins per month, stacked by sentiment (nivo, on the dashboard's theme). A click on a part opens its
 * write-ins; keyboard users reach the same through "By month" above, whose bars are buttons.
 */
export function SentimentOverTime({
  months,
  onSelect,
}: {
  months: BreakdownView['byMonth']
  onSelect: (month: string, sentiment: SentimentLabel) => void
}) {
  const keys = BAR_ORDER.filter((label) => months.some((row) => row.counts[label] > 0))
  const rows = months.map((row) => ({
    month: monthLabel(row.month),
    key: row.month,
    ...Object.fromEntries(keys.map((label) => [label, row.counts[label]])),
  }))
  // Month labels fitted to the chart's measured width, as the dashboard's other month charts are.
  const { ref, axis } = useFittedAxis(
    rows.map((row) => row.month),
    44 + 12,
    shortMonth,
  )
  const ticks = countTicks(Math.max(0, ...months.map((row) => row.counts.total)))
  const summary = `Stacked bar chart of write-ins per month by sentiment: ${listSummary(
    months.map((row) => `${monthLabel(row.month)} ${row.counts.total}`),
    12,
  )}`
  return (
    <div className="rk-chart__canvas" style={{ height: 200 + axis.margin }} ref={ref}>
      <ResponsiveBar
        data={rows}
        keys={keys}
        indexBy="month"
        groupMode="stacked"
        margin={{ top: 10, right: 12, bottom: axis.margin, left: 44 }}
        padding={0.3}
        colors={(bar) => SENTIMENT_COLORS[bar.id as SentimentLabel]}
        theme={CHART_THEME}
        enableLabel={false}
        axisBottom={bottomAxisOf(axis)}
        axisLeft={{ legend: 'Write-ins', legendPosition: 'middle', legendOffset: -36, tickValues: ticks }}
        gridYValues={ticks}
        valueScale={{ type: 'linear', max: ticks[ticks.length - 1] }}
        tooltipLabel={(datum) => `${SENTIMENT_NAMES[datum.id as SentimentLabel]} · ${datum.indexValue}`}
        onClick={(datum) => onSelect(String(datum.data.key), datum.id as SentimentLabel)}
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
      />
    </div>
  )
}
