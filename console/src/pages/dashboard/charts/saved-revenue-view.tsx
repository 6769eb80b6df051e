import { ResponsiveBar } from '@nivo/bar'
import { MECHANISM_LABELS } from '../../../features/labels'
import { formatCount } from '../../../lib/format'
import { monthLabel } from '../dashboard-shaping'
import { currencyName, formatIn, formatMajorIn, majorIn } from '../money-view'
import {
  type CurrencyRevenue,
  REVENUE_LABELS,
  REVENUE_PARTS,
  type SavedRevenueView,
} from '../saved-revenue-shaping'
import { bottomAxisOf, shortMonth } from './axis-fit'
import { CHART_COLORS, CHART_THEME, listSummary, prefersReducedMotion } from './chart-theme'
import { useFittedAxis } from './use-fitted-axis'

/**
 * What the period's saves kept, per currency (one block each, never added across): the MRR still paid
 * now beside the MRR saved when the offers were accepted, and where the rest went (paused, lost, not
 * followed), in total and per save offer.
 */
function CurrencySummary({ block, titled }: { block: CurrencyRevenue; titled: boolean }) {
  const money = (amount: number) => formatIn(amount, block.currency)
  const offers = block.byMechanism.filter((entry) => entry.saves > 0)
  return (
    <section className="rk-revenue" aria-label={`Saved revenue in ${currencyName(block.currency)}`}>
      {titled ? <h3 className="rk-revenue__currency">{currencyName(block.currency)}</h3> : null}
      <p className="rk-revenue__total">
        <span className="rk-revenue__amount">{money(block.kept)}</span>
        <span className="rk-revenue__caption">
          {' '}
          monthly recurring revenue still paid now, of {money(block.gross)} saved by{' '}
          {formatCount(block.saves)} {block.saves === 1 ? 'save' : 'saves'} in this period
        </span>
      </p>
      <dl className="rk-revenue__split">
        {REVENUE_PARTS.filter((part) => part !== 'kept').map((part) => (
          <div key={part}>
            <dt>{REVENUE_LABELS[part]}</dt>
            <dd>{money(block[part])}</dd>
          </div>
        ))}
        {offers.map((entry) => (
          <div key={entry.mechanism}>
            <dt>{MECHANISM_LABELS[entry.mechanism]}</dt>
            <dd>
              {money(entry.kept)} of {money(entry.gross)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

export function SavedRevenueSummary({ data }: { data: SavedRevenueView }) {
  return (
    <div className="rk-revenue-currencies">
      {data.currencies.map((block) => (
        <CurrencySummary key={block.currency} block={block} titled={data.currencies.length > 1} />
      ))}
    </div>
  )
}

/** Per month of the saves: MRR saved then and still paid now, as bars in the block's own currency. */
function CurrencyChart({ block, titled }: { block: CurrencyRevenue; titled: boolean }) {
  const months = block.byMonth.map((row) => monthLabel(row.month))
  const { ref, axis } = useFittedAxis(months, 80 + 20, shortMonth)
  const rows = block.byMonth.map((row) => ({
    month: monthLabel(row.month),
    Saved: majorIn(row.gross, block.currency),
    'Still paid': majorIn(row.kept, block.currency),
  }))
  const summary = `Bar chart of monthly recurring revenue in ${currencyName(block.currency)} saved per month and still paid now: ${listSummary(
    block.byMonth.map(
      (row) =>
        `${monthLabel(row.month)} ${formatIn(row.gross, block.currency)} saved, ${formatIn(row.kept, block.currency)} still paid`,
    ),
    12,
  )}`
  return (
    <figure className="rk-revenue-chart">
      {titled ? <figcaption>{currencyName(block.currency)}</figcaption> : null}
      <div className="rk-chart__canvas" style={{ height: 220 + axis.margin }} ref={ref}>
        <ResponsiveBar
          data={rows}
          keys={['Saved', 'Still paid']}
          indexBy="month"
          groupMode="grouped"
          margin={{ top: 10, right: 20, bottom: axis.margin, left: 80 }}
          padding={0.3}
          colors={[CHART_COLORS[0], CHART_COLORS[1]]}
          theme={CHART_THEME}
          enableLabel={false}
          axisBottom={bottomAxisOf(axis)}
          valueFormat={(value) => formatMajorIn(value, block.currency)}
          axisLeft={{ tickValues: 5, format: (value) => formatMajorIn(Number(value), block.currency) }}
          animate={!prefersReducedMotion()}
          role="img"
          ariaLabel={summary}
          isFocusable={false}
        />
      </div>
    </figure>
  )
}

export function SavedRevenueChart({ data }: { data: SavedRevenueView }) {
  return (
    <>
      {data.currencies.map((block) => (
        <CurrencyChart key={block.currency} block={block} titled={data.currencies.length > 1} />
      ))}
    </>
  )
}
