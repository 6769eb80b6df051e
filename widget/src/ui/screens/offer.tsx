import { copyValues } from '@retainkit/shared/flow'
import type { OfferType } from '@retainkit/shared/vocabulary'
import type { VNode } from 'preact'
import { fill } from '../../flow/localize'
import type { ScreenProps } from './types'

type OfferBody = (props: ScreenProps) => VNode | null

/**
 * A discount is stated in full (amount and length) whatever the copy says, so nobody accepts it blind.
 * (Its promo code is never published: the server applies it on accept.)
 */
const DiscountTerms: OfferBody = ({ context, snapshot }) => {
  const values = copyValues(snapshot, context)
  return values.amount && values.duration ? (
    <p className="n">{fill(context.strings.discount_terms, values)}</p>
  ) : null
}

/** Pause lengths and plans are a labelled dropdown (the machine pre-selects the first option). */
const OptionList: OfferBody = ({ copy, send }) =>
  copy.options.length ? (
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

/** The support address is shown as well, so it can be copied when no mail app opens. */
const SupportAddress: OfferBody = ({ context }) => {
  const { email } = context.config.talk_to_us
  return email ? <p className="n">{email}</p> : null
}

/** What an offer screen shows under its copy; a new offer type does not build until it is listed here. */
const OFFER_BODY: Readonly<Record<OfferType, OfferBody>> = {
  discount: DiscountTerms,
  pause: OptionList,
  plan_switch: OptionList,
  billing_cycle_switch: OptionList,
  trial_extension: () => null,
  talk_to_us: SupportAddress,
}

export function OfferScreen(props: ScreenProps) {
  const { screen } = props.snapshot
  return screen.kind === 'offer' ? OFFER_BODY[screen.offer](props) : null
}
