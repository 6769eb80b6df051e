import { ResponsiveLine } from '@nivo/line'
import { plottedSaveRate, type SaveRatePoint } from '@retainkit/shared/analytics'
import { formatCount, formatSaveRate } from '../../../lib/format'
import { monthLabel, saveRateTotals } from '../dashboard-shaping'
import { bottomAxisOf, shortMonth } from './axis-fit'
import { CHART_COLORS, CHART_THEME, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

const percent = formatSaveRate

/**
 * The period's figures, named, above the chart and the table alike: the save rate and the counts it
 * comes from. This is the dashboard's one count of cancellations.
 */
export function SaveRateSummary({ data }: { data: readonly SaveRatePoint[] }) {
  const total = saveRateTotals(data)
  return (
    <div className="rk-revenue">
      <p className="rk-revenue__total">
        <span className="rk-revenue__amount">{percent(total.saveRate)}</span>
        <span className="rk-revenue__caption"> of subscribers who finished the flow stayed</span>
      </p>
      <dl className="rk-revenue__split">
        <div>
          <dt>Stayed</dt>
          <dd>{formatCount(total.continues)}</dd>
        </div>
        <div>
          <dt>Kept their plan</dt>
          <dd>{formatCount(total.kept)}</dd>
        </div>
        <div>
          <dt>Accepted an offer</dt>
          <dd>{formatCount(total.acceptedOffers)}</dd>
        </div>
        <div>
          <dt>Cancellations</dt>
          <dd>{formatCount(total.cancellations)}</dd>
        </div>
      </dl>
    </div>
  )
}

/**
 * The monthly save rate (continues / (cancellations + continues) × 100, an accepted offer being a
 * continue) as a line from 0 to 100 %. A month in which no session ended is a gap, not 0 %.
 */
export function SaveRateChart({ data }: { data: readonly SaveRatePoint[] }) {
  const months = data.map((point) => monthLabel(point.month))
  const { ref, axis } = useFittedAxis(months, 56 + 40, shortMonth)
  const series = [
    {
      id: 'Save rate',
      data: data.map((point) => ({ x: monthLabel(point.month), y: plottedSaveRate(point) })),
    },
  ]
  const summary = `Line chart of the save rate per month: ${listSummary(
    data.map((point) => {
      const rate = plottedSaveRate(point)
      return `${monthLabel(point.month)} ${rate === null ? 'no sessions' : percent(rate)}`
    }),
    12,
  )}`
  return (
    <div className="rk-chart__canvas" style={{ height: 240 + axis.margin }} ref={ref}>
      <ResponsiveLine
        data={series}
        margin={{ top: 16, right: 40, bottom: axis.margin, left: 56 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 100 }}
        axisBottom={bottomAxisOf(axis)}
        yFormat={(value) => percent(Number(value))}
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
