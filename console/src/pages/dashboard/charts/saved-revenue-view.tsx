import { ResponsiveBar } from '@nivo/bar'
import { SAVE_MECHANISMS } from '@retainkit/shared/vocabulary'
import { MECHANISM_LABELS } from '../../../features/labels'
import {
  formatMajor,
  formatMoney,
  monthLabel,
  type SavedRevenueView,
  toMajorUnits,
} from '../dashboard-shaping'
import { bottomAxisOf, shortMonth } from './axis-fit'
import { CHART_COLORS, CHART_THEME, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

/** Total MRR kept and its split by save offer: shown above the chart and the table alike. */
export function SavedRevenueSummary({ data }: { data: SavedRevenueView }) {
  return (
    <div className="rk-revenue">
      <p className="rk-revenue__total">
        <span className="rk-revenue__amount">{formatMoney(data.total, data.currency)}</span>
        <span className="rk-revenue__caption"> monthly recurring revenue kept by saves in this period</span>
      </p>
      <dl className="rk-revenue__split">
        {SAVE_MECHANISMS.map((mechanism) => (
          <div key={mechanism}>
            <dt>{MECHANISM_LABELS[mechanism]}</dt>
            <dd>{formatMoney(data.byMechanism[mechanism], data.currency)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** MRR kept per month, as bars in the account's currency. */
export function SavedRevenueChart({ data }: { data: SavedRevenueView }) {
  const months = data.byMonth.map((row) => monthLabel(row.month))
  const { ref, axis } = useFittedAxis(months, 70 + 20, shortMonth)
  const rows = data.byMonth.map((row) => ({
    month: monthLabel(row.month),
    mrr: toMajorUnits(row.mrr, data.currency),
  }))
  const summary = `Bar chart of revenue kept per month: ${listSummary(
    data.byMonth.map((row) => `${monthLabel(row.month)} ${formatMoney(row.mrr, data.currency)}`),
    12,
  )}`
  return (
    <div className="rk-chart__canvas" style={{ height: 220 + axis.margin }} ref={ref}>
      <ResponsiveBar
        data={rows}
        keys={['mrr']}
        indexBy="month"
        margin={{ top: 10, right: 20, bottom: axis.margin, left: 70 }}
        padding={0.3}
        colors={[CHART_COLORS[1]]}
        theme={CHART_THEME}
        enableLabel={false}
        axisBottom={bottomAxisOf(axis)}
        valueFormat={(value) => formatMajor(value, data.currency)}
        axisLeft={{ tickValues: 5, format: (value) => formatMajor(Number(value), data.currency) }}
        tooltipLabel={() => 'MRR kept'}
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
      />
    </div>
  )
}
