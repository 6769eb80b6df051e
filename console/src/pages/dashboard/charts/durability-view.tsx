import { ResponsiveBar } from '@nivo/bar'
import { formatCount, formatPercent } from '../../../lib/format'
import type { DurabilityView } from '../durability-shaping'
import { formatList, readerLocale } from '../money-view'
import { bottomAxisOf } from './axis-fit'
import { CHART_COLORS, CHART_THEME, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

/** "March 14, 2027" in the reader's language, the UTC day the server named. */
function dayLabel(day: string): string {
  return new Intl.DateTimeFormat(readerLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  )
}

/**
 * The card's headline: of the saves old enough to tell (30 days on, or lost before), how many still
 * pay; before any is, "too early to tell" with the day the first outcome is due, never "0 of N".
 */
function DurabilityHeadline({ data }: { data: DurabilityView }) {
  const at30 = data.totals.stuck.find((checkpoint) => checkpoint.days === 30)
  if (data.firstOutcomeDue || !at30 || at30.decided === 0) {
    return (
      <p className="rk-revenue__total">
        <span className="rk-revenue__amount">Too early to tell</span>
        <span className="rk-revenue__caption">
          {data.firstOutcomeDue
            ? ` — the first save reaches 30 days on ${dayLabel(data.firstOutcomeDue)}`
            : ' — no save has reached 30 days yet'}
        </span>
      </p>
    )
  }
  return (
    <p className="rk-revenue__total">
      <span className="rk-revenue__amount">
        {formatCount(at30.kept)} of {formatCount(at30.decided)}
      </span>
      <span className="rk-revenue__caption"> saves old enough to tell still paying 30 days on</span>
    </p>
  )
}

/** Revenue kept, paused and lost by saves (per currency), the 30/60/90-day rates, cancellations elsewhere. */
export function DurabilitySummary({ data }: { data: DurabilityView }) {
  const { totals } = data
  return (
    <div className="rk-revenue">
      <DurabilityHeadline data={data} />
      <dl className="rk-revenue__split">
        <div>
          <dt>MRR still paid</dt>
          <dd>{formatList(totals.keptMrr)}</dd>
        </div>
        <div>
          <dt>MRR paused now</dt>
          <dd>{formatList(totals.pausedMrr)}</dd>
        </div>
        <div>
          <dt>MRR lost</dt>
          <dd>{formatList(totals.lostMrr)}</dd>
        </div>
        {totals.stuck.map((checkpoint) => (
          <div key={checkpoint.days}>
            <dt>At {checkpoint.days} days</dt>
            <dd>{checkpoint.rate === null ? 'Not yet' : formatPercent(checkpoint.rate)}</dd>
          </div>
        ))}
        {totals.unknown > 0 ? (
          <div>
            <dt>Not followed in Stripe</dt>
            <dd>{formatCount(totals.unknown)} saves</dd>
          </div>
        ) : null}
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
