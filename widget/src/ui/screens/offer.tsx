import { monthsLabel } from '@retainkit/shared/flow'
import type { ScreenProps } from './types'

/**
 * A discount is explained in full (amount, length, promo code) so nobody accepts it blind; pause lengths
 * and plans are a labelled dropdown (the machine pre-selects the first option).
 */
export function OfferScreen({ context, copy, send, snapshot }: ScreenProps) {
  const { screen } = snapshot
  if (screen.kind !== 'offer') return null
  if (screen.offer === 'discount') {
    const { amount, duration, promo_code } = context.config.discount
    const rows = [
      amount !== undefined && ['Discount', `${amount}% off`],
      duration !== undefined && ['For', monthsLabel(duration)],
      promo_code && ['Promo code', promo_code],
    ].filter((row): row is string[] => !!row)
    return rows.length ? (
      <dl className="n">
        {rows.map(([term, value]) => [<dt key={term}>{term}</dt>, <dd key={`${term}-v`}>{value}</dd>])}
      </dl>
    ) : null
  }
  return copy.options.length ? (
    <label className="f">
      <span>{copy.dropdownLabel}</span>
      <select
        onChange={(event) => {
          const option = copy.options[(event.currentTarget as HTMLSelectElement).selectedIndex]
          if (option?.kind === 'months') send({ type: 'SELECT_OPTION', months: option.months })
          if (option?.kind === 'plan') send({ type: 'SELECT_OPTION', planId: option.planId })
        }}
      >
        {copy.options.map((option) => (
          <option key={option.label} selected={option.selected}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  ) : null
}
