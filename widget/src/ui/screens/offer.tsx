import type { OfferType } from '@retainkit/shared/vocabulary'
import type { VNode } from 'preact'
import type { ScreenProps } from './types'

type OfferBody = (props: ScreenProps) => VNode | null

/**
 * A line under the copy, resolved with the words: a discount stated in full (amount and length) whatever
 * the copy says, so nobody accepts it blind; the support address, to copy when no mail app opens. (A
 * discount's promo code is never published: the server applies it on accept.)
 */
const Note: OfferBody = ({ copy }) => (copy.note ? <p className="n">{copy.note}</p> : null)

/** Pause lengths and plans are a labelled dropdown (the machine pre-selects the first option). */
const OptionList: OfferBody = ({ copy, send }) =>
  copy.options.length ? (
    <label className="f">
      <span>{copy.dropdownLabel}</span>
      <select
        onChange={(event) => {
          const option = copy.options[(event.currentTarget as HTMLSelectElement).selectedIndex]
          if (option?.kind === 'choice') send({ type: 'SELECT_OPTION', ...option.choice })
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

/** What an offer screen shows under its copy; a new offer type does not build until it is listed here. */
const OFFER_BODY: Readonly<Record<OfferType, OfferBody>> = {
  discount: Note,
  pause: OptionList,
  plan_switch: OptionList,
  billing_cycle_switch: OptionList,
  trial_extension: Note,
  talk_to_us: Note,
}

export function OfferScreen(props: ScreenProps) {
  const { screen } = props.snapshot
  return screen.kind === 'offer' ? OFFER_BODY[screen.offer](props) : null
}
