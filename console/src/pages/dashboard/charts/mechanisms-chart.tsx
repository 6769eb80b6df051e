import { ResponsiveBar } from '@nivo/bar'
import type { MechanismPerformance } from '@retainkit/shared/analytics'
import { MECHANISM_LABELS } from '../../../features/labels'
import { CHART_COLORS, CHART_THEME, countTicks, listSummary, prefersReducedMotion } from './chart-theme'

const SERIES = ['Accepted', 'Declined'] as const

/** Grouped bars per save offer: accepted (completed) beside declined (skipped). */
export function MechanismsChart({ data }: { data: readonly MechanismPerformance[] }) {
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
    <div className="rk-chart__canvas" style={{ height: 300 }}>
      <ResponsiveBar
        data={rows}
        keys={SERIES}
        indexBy="mechanism"
        groupMode="grouped"
        margin={{ top: 10, right: 20, bottom: 70, left: 50 }}
        padding={0.25}
        innerPadding={3}
        colors={[CHART_COLORS[1], CHART_COLORS[8]]}
        theme={CHART_THEME}
        labelTextColor="#ffffff"
        labelSkipHeight={16}
        axisLeft={{ legend: 'Sessions', legendPosition: 'middle', legendOffset: -40, tickValues: ticks }}
        gridYValues={ticks}
        legends={[
          {
            dataFrom: 'keys',
            anchor: 'bottom-left',
            direction: 'row',
            translateY: 56,
            itemWidth: 110,
            itemHeight: 18,
            symbolSize: 12,
          },
        ]}
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
      />
    </div>
  )
}
