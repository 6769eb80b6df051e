import type { ApiData } from '@retainkit/shared/api'
import { roundMinor } from '@retainkit/shared/money'
import { formatCount } from '../../../lib/format'
import { formatIn } from '../../dashboard/money-view'

type Lift = NonNullable<ApiData<'GET /api/account?action=experiments'>['experiments'][number]['holdout_lift']>

/** A proportion difference as signed points with one decimal: `+16.3`, `−2.0`. */
const points = (value: number) =>
  `${value < 0 ? '−' : '+'}${(roundMinor(Math.abs(value) * 1000) / 10).toFixed(1)}`
/** An amount in minor units, signed: `+$3.10`, `−¥120`. */
const signed = (amount: number, currency: string) =>
  `${amount < 0 ? '−' : '+'}${formatIn(Math.abs(amount), currency)}`

/**
 * What offers (every tested arm together) add over the holdout: save-rate points and net saved MRR per
 * currency, each with its always-valid 95 % interval, and whether that interval leaves out no difference.
 */
export function HoldoutLiftView({ lift }: { lift: Lift }) {
  const rate = lift.save_rate
  return (
    <section className="rk-experiment__lift" aria-label="Offers over the holdout" data-testid="holdout-lift">
      <h4>Offers over the holdout</h4>
      <ul>
        <li>
          Save rate: {points(rate.difference)} points (95 % interval {points(rate.low)} to {points(rate.high)}
          ){rate.conclusive ? '.' : ': not yet told apart from no difference.'}
        </li>
        {lift.net_mrr.map((money) => (
          <li key={money.currency}>
            Net saved MRR ({money.currency.toUpperCase()}): {signed(money.per_session.amount, money.currency)}{' '}
            per finished session (95 % interval {signed(money.per_session.low, money.currency)} to{' '}
            {signed(money.per_session.high, money.currency)}), {signed(money.total.amount, money.currency)}{' '}
            over the {formatCount(money.offer_sessions)} sessions that saw offers (
            {signed(money.total.low, money.currency)} to {signed(money.total.high, money.currency)})
            {money.conclusive ? '.' : ': not yet told apart from no difference.'}
          </li>
        ))}
      </ul>
    </section>
  )
}
