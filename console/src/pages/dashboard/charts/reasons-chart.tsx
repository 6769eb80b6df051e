import { type BarCustomLayerProps, ResponsiveBar } from '@nivo/bar'
import { formatCount, formatPercent } from '../../../lib/format'
import { useNarrowScreen } from '../../../lib/use-narrow-screen'
import type { ReasonBar } from '../dashboard-shaping'
import { CHART_COLORS, CHART_THEME, countTicks, listSummary, prefersReducedMotion } from './chart-theme'

type ReasonRow = { reason: string; count: number; share: number }

/** On a phone each reason is written above its bar, so the bars keep the card's whole width. */
function ReasonLabelsAbove({ bars }: BarCustomLayerProps<ReasonRow>) {
  return (
    <g>
      {bars.map((bar) => (
        <text key={bar.key} x={0} y={bar.y - 6} fontSize={12} fill="#1f2937">
          {String(bar.data.indexValue)}
        </text>
      ))}
    </g>
  )
}

/**
 * How many subscribers gave a reason, whether they then cancelled or stayed: the count is of
 * subscribers, not cancellations (the save-rate card counts those).
 */
export function ReasonsSummary({ data }: { data: readonly ReasonBar[] }) {
  const total = data.reduce((sum, row) => sum + row.count, 0)
  return (
    <p className="rk-card__summary">
      <strong>{formatCount(total)}</strong> {total === 1 ? 'subscriber' : 'subscribers'} gave a reason,
      whether they then cancelled or stayed
    </p>
  )
}

/** Horizontal bars, one per reason, labelled with the count and its share of all reasons given. */
export function ReasonsChart({ data }: { data: readonly ReasonBar[] }) {
  const narrow = useNarrowScreen()
  // Nivo draws horizontal bars bottom-up; reversed, the most common reason is on top.
  const rows: ReasonRow[] = [...data]
    .reverse()
    .map((row) => ({ reason: row.label, count: row.count, share: row.share }))
  const summary = `Bar chart of the reasons subscribers gave: ${listSummary(data.map((row) => `${row.label} ${formatCount(row.count)} (${formatPercent(row.share)})`))}`
  const ticks = countTicks(Math.max(0, ...data.map((row) => row.count)))
  const longest = data.reduce((max, row) => Math.max(max, row.label.length), 0)
  return (
    <div
      className="rk-chart__canvas"
      style={{ height: Math.max(180, data.length * (narrow ? 52 : 36) + 60) }}
    >
      <ResponsiveBar
        data={rows}
        keys={['count']}
        indexBy="reason"
        layout="horizontal"
        margin={{
          top: narrow ? 24 : 10,
          right: 90,
          bottom: 40,
          left: narrow ? 4 : Math.min(220, 12 + longest * 7),
        }}
        padding={narrow ? 0.55 : 0.3}
        colors={[CHART_COLORS[0]]}
        theme={CHART_THEME}
        enableGridY={false}
        enableGridX
        gridXValues={ticks}
        valueScale={{ type: 'linear', max: ticks[ticks.length - 1] }}
        axisBottom={{
          legend: 'Subscribers',
          legendPosition: 'middle',
          legendOffset: 32,
          tickValues: ticks,
        }}
        axisLeft={narrow ? null : { tickSize: 0, tickPadding: 8 }}
        layers={narrow ? ['grid', 'axes', 'bars', ReasonLabelsAbove] : ['grid', 'axes', 'bars']}
        label={(bar) => `${formatCount(bar.value ?? 0)} (${formatPercent(bar.data.share)})`}
        labelPosition="end"
        labelOffset={6}
        labelTextColor="#1f2937"
        labelSkipWidth={0}
        tooltipLabel={(bar) => String(bar.indexValue)}
        valueFormat={(value) => formatCount(value)}
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
      />
    </div>
  )
}
