import { ResponsiveBar } from '@nivo/bar'
import { type ReasonsOverTimeChart as Data, monthLabel, reasonLabel } from '../dashboard-shaping'
import { bottomAxisOf, shortMonth } from './axis-fit'
import { ChartLegend } from './chart-legend'
import { CHART_COLORS, CHART_THEME, countTicks, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

/** Stacked bars per month, one colour per reason, biggest reason first in the legend. */
export function ReasonsOverTimeChart({ data, labels }: { data: Data; labels: ReadonlyMap<string, string> }) {
  const rows = data.rows.map((row) => ({ ...row, month: monthLabel(row.month) }))
  const { ref, axis } = useFittedAxis(
    rows.map((row) => row.month),
    50 + 20,
    shortMonth,
  )
  const monthTotals = data.rows.map((row) => data.keys.reduce((sum, key) => sum + Number(row[key] ?? 0), 0))
  const totals = data.rows.map((row, index) => `${monthLabel(row.month)} ${monthTotals[index]}`)
  const ticks = countTicks(Math.max(0, ...monthTotals))
  const colorOf = (index: number) => CHART_COLORS[index % CHART_COLORS.length] as string
  const summary = `Stacked bar chart of the reasons subscribers gave, per month. Reasons: ${listSummary(
    data.keys.map((key) => reasonLabel(key, labels)),
  )}. Subscribers who gave a reason, per month: ${listSummary(totals, 12)}`
  return (
    <>
      <div className="rk-chart__canvas" style={{ height: 260 + axis.margin }} ref={ref}>
        <ResponsiveBar
          data={rows}
          keys={data.keys}
          indexBy="month"
          groupMode="stacked"
          margin={{ top: 10, right: 20, bottom: axis.margin, left: 50 }}
          padding={0.3}
          colors={data.keys.map((_, index) => colorOf(index))}
          theme={CHART_THEME}
          enableLabel={false}
          axisBottom={bottomAxisOf(axis)}
          axisLeft={{
            legend: 'Subscribers',
            legendPosition: 'middle',
            legendOffset: -40,
            tickValues: ticks,
          }}
          gridYValues={ticks}
          valueScale={{ type: 'linear', max: ticks[ticks.length - 1] }}
          tooltipLabel={(datum) => `${reasonLabel(String(datum.id), labels)} · ${datum.indexValue}`}
          animate={!prefersReducedMotion()}
          role="img"
          ariaLabel={summary}
          isFocusable={false}
        />
      </div>
      <ChartLegend
        items={data.keys.map((key, index) => ({ label: reasonLabel(key, labels), color: colorOf(index) }))}
      />
    </>
  )
}
