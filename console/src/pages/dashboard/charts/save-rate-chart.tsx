import { ResponsiveLine } from '@nivo/line'
import type { SaveRatePoint } from '@retainkit/shared/analytics'
import { monthLabel } from '../dashboard-shaping'
import {
  CHART_COLORS,
  CHART_THEME,
  listSummary,
  monthAxis,
  monthAxisMargin,
  prefersReducedMotion,
} from './chart-theme'

/** The monthly save rate (continues / (cancellations + continues) × 100) as a line from 0 to 100 %. */
export function SaveRateChart({ data }: { data: readonly SaveRatePoint[] }) {
  const months = data.map((point) => monthLabel(point.month))
  const series = [
    { id: 'Save rate', data: data.map((point) => ({ x: monthLabel(point.month), y: point.saveRate })) },
  ]
  const summary = `Line chart of the save rate per month: ${listSummary(
    data.map((point) => `${monthLabel(point.month)} ${point.saveRate}%`),
    12,
  )}`
  return (
    <div className="rk-chart__canvas" style={{ height: 280 }}>
      <ResponsiveLine
        data={series}
        margin={{ top: 16, right: 40, bottom: monthAxisMargin(months), left: 56 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 100 }}
        axisBottom={monthAxis(months)}
        yFormat={(value) => `${Number(value).toFixed(2)}%`}
        axisLeft={{
          legend: 'Save rate',
          legendPosition: 'middle',
          legendOffset: -46,
          tickValues: [0, 25, 50, 75, 100],
          format: (value) => `${value}%`,
        }}
        colors={[CHART_COLORS[0]]}
        theme={CHART_THEME}
        pointSize={8}
        pointBorderWidth={2}
        pointBorderColor="#ffffff"
        enableArea
        areaOpacity={0.08}
        useMesh
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
      />
    </div>
  )
}
