import { ResponsiveBar } from '@nivo/bar'
import { formatCount, formatPercent } from '../../../lib/format'
import { formatMoney } from '../dashboard-shaping'
import type { DurabilityView } from '../durability-shaping'
import { bottomAxisOf } from './axis-fit'
import { CHART_COLORS, CHART_THEME, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

/** Revenue kept and lost by saves, the 30/60/90-day rates, and cancellations that bypassed the flow. */
export function DurabilitySummary({ data }: { data: DurabilityView }) {
  const { totals } = data
  return (
    <div className="rk-revenue">
      <p className="rk-revenue__total">
        <span className="rk-revenue__amount">
          {formatCount(totals.kept)} of {formatCount(totals.saves)}
        </span>
        <span className="rk-revenue__caption"> saves still paying</span>
      </p>
      <dl className="rk-revenue__split">
        <div>
          <dt>MRR kept</dt>
          <dd>{formatMoney(totals.keptMrr, data.currency)}</dd>
        </div>
        <div>
          <dt>MRR lost</dt>
          <dd>{formatMoney(totals.lostMrr, data.currency)}</dd>
        </div>
        {totals.stuck.map((checkpoint) => (
          <div key={checkpoint.days}>
            <dt>At {checkpoint.days} days</dt>
            <dd>{checkpoint.rate === null ? 'Not yet' : formatPercent(checkpoint.rate)}</dd>
          </div>
        ))}
        <div>
          <dt>Cancelled outside the flow</dt>
          <dd>{formatCount(data.outsideFlow)}</dd>
        </div>
      </dl>
    </div>
  )
}

/** Saves kept and lost per save offer, stacked. */
export function DurabilityChart({ data }: { data: DurabilityView }) {
  const rows = data.byOffer.map((group) => ({ offer: group.label, Kept: group.kept, Lost: group.lost }))
  const { ref, axis } = useFittedAxis(
    rows.map((row) => row.offer),
    50 + 20,
  )
  const summary = `Bar chart of saves kept and lost per save offer: ${listSummary(
    data.byOffer.map((group) => `${group.label} ${group.kept} kept, ${group.lost} lost`),
  )}`
  return (
    <div className="rk-chart__canvas" style={{ height: 220 + axis.margin }} ref={ref}>
      <ResponsiveBar
        data={rows}
        keys={['Kept', 'Lost']}
        indexBy="offer"
        margin={{ top: 10, right: 20, bottom: axis.margin, left: 50 }}
        axisBottom={bottomAxisOf(axis)}
        padding={0.3}
        colors={[CHART_COLORS[1], CHART_COLORS[3]]}
        theme={CHART_THEME}
        enableLabel={false}
        axisLeft={{ tickValues: 5 }}
        animate={!prefersReducedMotion()}
        role="img"
        ariaLabel={summary}
        isFocusable={false}
      />
    </div>
  )
}
