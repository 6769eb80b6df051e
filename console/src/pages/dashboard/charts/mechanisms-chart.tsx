import { ResponsiveBar } from '@nivo/bar'
import type { MechanismPerformance } from '@retainkit/shared/analytics'
import { MECHANISM_LABELS } from '../../../features/labels'
import { useNarrowScreen } from '../../../lib/use-narrow-screen'
import { ChartLegend } from './chart-legend'
import { CHART_COLORS, CHART_THEME, countTicks, listSummary, prefersReducedMotion } from './chart-theme'

const SERIES = ['Accepted', 'Declined'] as const
const SERIES_COLORS = [CHART_COLORS[1], CHART_COLORS[8]]

/**
 * Grouped bars per save offer: accepted (completed) beside declined (skipped). On a phone the bars lie
 * down, so the offers' names stack on the left instead of colliding along the bottom.
 */
export function MechanismsChart({ data }: { data: readonly MechanismPerformance[] }) {
  const narrow = useNarrowScreen()
  const rows = data.map((row) => ({
    mechanism: MECHANISM_LABELS[row.mechanism],
    Accepted: row.completed,
    Declined: row.skipped,
  }))
  const ticks = countTicks(Math.max(0, ...data.flatMap((row) => [row.completed, row.skipped])))
  const summary = `Grouped bar chart of save offers, accepted and declined: ${listSummary(
    data.map(
      (row) => `${MECHANISM_LABELS[row.mechanism]} ${row.completed} accepted, ${row.skipped} declined`,
    ),
  )}`
  return (
    <>
      <div
        className="rk-chart__canvas"
        style={{ height: narrow ? Math.max(200, rows.length * 64 + 60) : 280 }}
      >
        <ResponsiveBar
          data={narrow ? [...rows].reverse() : rows}
          keys={SERIES}
          indexBy="mechanism"
          groupMode="grouped"
          layout={narrow ? 'horizontal' : 'vertical'}
          margin={
            narrow
              ? { top: 10, right: 20, bottom: 50, left: 96 }
              : { top: 10, right: 20, bottom: 40, left: 50 }
          }
          padding={0.25}
          innerPadding={3}
          colors={SERIES_COLORS}
          theme={CHART_THEME}
          labelTextColor="#ffffff"
          labelSkipHeight={16}
          axisLeft={
            narrow
              ? { tickSize: 0, tickPadding: 6 }
              : { legend: 'Sessions', legendPosition: 'middle', legendOffset: -40, tickValues: ticks }
          }
          axisBottom={
            narrow
              ? { legend: 'Sessions', legendPosition: 'middle', legendOffset: 36, tickValues: ticks }
              : {}
          }
          enableGridX={narrow}
          enableGridY={!narrow}
          gridXValues={ticks}
          gridYValues={ticks}
          valueScale={{ type: 'linear', max: ticks[ticks.length - 1] }}
          animate={!prefersReducedMotion()}
          role="img"
          ariaLabel={summary}
          isFocusable={false}
        />
      </div>
      <ChartLegend items={SERIES.map((label, index) => ({ label, color: SERIES_COLORS[index] as string }))} />
    </>
  )
}
