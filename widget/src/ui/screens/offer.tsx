import { monthsLabel } from '@retainkit/shared/flow'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { FunctionComponent } from 'preact'
import type { ScreenProps } from './types'

/** A discount is explained in full (amount, length, promo code) so nobody accepts it blind. */
function DiscountDetails({ context }: ScreenProps) {
  const { amount, duration, promo_code } = context.config.discount
  const rows: [string, string][] = []
  if (amount !== undefined) rows.push(['Discount', `${amount}% off`])
  if (duration !== undefined) rows.push(['For', monthsLabel(duration)])
  if (promo_code) rows.push(['Promo code', promo_code])
  if (!rows.length) return null
  return (
    <dl className="n">
      {rows.map(([term, value]) => [<dt key={term}>{term}</dt>, <dd key={`${term}-v`}>{value}</dd>])}
    </dl>
  )
}

/** Pause lengths or plans as a labelled dropdown; the machine pre-selects the first option. */
function OptionSelect({ copy, send }: ScreenProps) {
  if (!copy.options.length) return null
  return (
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
  )
}

/** One renderer per offer type: a new offer type fails the build until it is drawn here. */
const OFFER_DETAILS: Readonly<Record<OfferType, FunctionComponent<ScreenProps>>> = {
  discount: DiscountDetails,
  pause: OptionSelect,
  plan_switch: OptionSelect,
  billing_cycle_switch: OptionSelect,
}

export function OfferScreen(props: ScreenProps) {
  const { screen } = props.snapshot
  if (screen.kind !== 'offer') return null
  const Details = OFFER_DETAILS[screen.offer]
  return <Details {...props} />
}
