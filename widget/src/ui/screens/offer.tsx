import { copyValues } from '@retainkit/shared/flow'
import { fill } from '../../flow/localize'
import type { ScreenProps } from './types'

/**
 * A discount is stated in full (amount, length, promo code) whatever the copy says, so nobody accepts it
 * blind; pause lengths and plans are a labelled dropdown (the machine pre-selects the first option).
 */
export function OfferScreen({ context, copy, send, snapshot }: ScreenProps) {
  const { screen } = snapshot
  if (screen.kind !== 'offer') return null
  if (screen.offer === 'discount') {
    const { promo_code } = context.config.discount
    const values = copyValues(snapshot, context)
    const { strings } = context
    const terms = [
      values.amount && values.duration && fill(strings.discount_terms, values),
      promo_code && fill(strings.promo_code, { code: promo_code }),
    ]
      .filter(Boolean)
      .join(' ')
    return terms ? <p className="n">{terms}</p> : null
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
