import type { Plan } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import type { ComponentType } from 'react'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { NumberField } from '../../../features/forms/number-field'
import { TextField } from '../../../features/forms/text-field'
import { OFFER_LABELS } from '../../../features/labels'
import { fieldId } from '../../../features/validation/field-errors'
import { schemaMaxLength } from '../schema-limits'
import type { StripePlansState } from '../use-stripe-plans'
import { CouponPicker } from './coupon-picker'
import { DurationsEditor } from './durations-editor'
import { TalkToUsFields, TrialExtensionFields } from './more-offer-fields'
import { PlansEditor } from './plans-editor'
import { RedirectField } from './redirect-field'
import { memoSection, type SectionProps } from './section'

export interface OffersSectionProps extends SectionProps {
  accountId: string
  stripePlans: StripePlansState
  onShowScreen: (screen: FlowScreen) => void
}

/**
 * Switching an offer on with an empty list (no plans, no pause lengths) starts an empty list, so the
 * spec message ('At least one plan required') says what is missing before saving; switching it off
 * drops an empty list, which a disabled offer does not need.
 */
export function withListFor<T extends { enabled: boolean }, K extends keyof T & string>(
  offer: T,
  list: K,
  enabled: boolean,
): T {
  const items = offer[list] as unknown[] | undefined
  const { [list]: _dropped, ...rest } = offer
  if (enabled) return { ...rest, enabled, [list]: items ?? [] } as T
  return (items && items.length > 0 ? { ...rest, enabled, [list]: items } : { ...rest, enabled }) as T
}

type OfferFieldsProps = OffersSectionProps

function DiscountFields(props: OfferFieldsProps) {
  const { draft, errors, set, disabled, accountId } = props
  const discount = draft.discount
  return (
    <>
      <CheckboxField
        id={fieldId('editor', 'discount.enabled')}
        label="Offer a discount"
        checked={discount.enabled}
        onChange={(value) => set('discount.enabled', value)}
      />
      <div className="rk-grid-2">
        <NumberField
          id={fieldId('editor', 'discount.amount')}
          label="Discount"
          unit="% off"
          value={discount.amount}
          error={errors['discount.amount']}
          onChange={(value) => set('discount.amount', value)}
        />
        <NumberField
          id={fieldId('editor', 'discount.duration')}
          label="For"
          unit="months"
          step={1}
          value={discount.duration}
          error={errors['discount.duration']}
          onChange={(value) => set('discount.duration', value)}
        />
      </div>
      <TextField
        id={fieldId('editor', 'discount.promo_code')}
        label="Stripe coupon ID (optional)"
        value={discount.promo_code ?? ''}
        maxLength={schemaMaxLength('discount.promo_code')}
        error={errors['discount.promo_code']}
        spellCheck={false}
        hint="An existing coupon to apply instead of creating one from the percentage and months above."
        onChange={(value) => set('discount.promo_code', value === '' ? undefined : value)}
      />
      <CouponPicker
        accountId={accountId}
        selected={discount.promo_code}
        disabled={disabled}
        onPick={(coupon) => {
          set('discount.promo_code', coupon.id)
          if (coupon.percent_off !== null) set('discount.amount', coupon.percent_off)
          if (coupon.duration === 'repeating' && coupon.duration_in_months) {
            set('discount.duration', coupon.duration_in_months)
          }
        }}
      />
    </>
  )
}

function PauseFields({ draft, errors, set, disabled }: OfferFieldsProps) {
  return (
    <>
      <CheckboxField
        id={fieldId('editor', 'pause.enabled')}
        label="Offer a pause"
        checked={draft.pause.enabled}
        onChange={(value) => set('pause', withListFor(draft.pause, 'durations', value))}
      />
      <DurationsEditor
        durations={draft.pause.durations ?? []}
        enabled={draft.pause.enabled}
        errors={errors}
        set={set}
        disabled={disabled}
      />
    </>
  )
}

interface SwitchFieldsProps extends OfferFieldsProps {
  offer: 'plan_switch' | 'billing_cycle_switch'
  label: string
}

function SwitchFields({ offer, label, draft, errors, set, disabled, stripePlans }: SwitchFieldsProps) {
  return (
    <>
      <CheckboxField
        id={fieldId('editor', `${offer}.enabled`)}
        label={label}
        checked={draft[offer].enabled}
        onChange={(value) => set(offer, withListFor(draft[offer], 'plans', value))}
      />
      <PlansEditor
        offer={offer}
        plans={(draft[offer].plans ?? []) as Plan[]}
        errors={errors}
        set={set}
        disabled={disabled}
        stripe={stripePlans}
        enabled={draft[offer].enabled}
      />
    </>
  )
}

/**
 * Each offer's own settings; its switch, legend and redirect field are common (OffersSectionView). A
 * table so that a new offer type does not build until the editor can configure it.
 */
const OFFER_FIELDS: Readonly<Record<OfferType, ComponentType<OfferFieldsProps>>> = {
  discount: DiscountFields,
  pause: PauseFields,
  plan_switch: (props) => <SwitchFields {...props} offer="plan_switch" label="Offer a different plan" />,
  billing_cycle_switch: (props) => (
    <SwitchFields {...props} offer="billing_cycle_switch" label="Offer a different billing schedule" />
  ),
  trial_extension: TrialExtensionFields,
  talk_to_us: TalkToUsFields,
}

/** Every save offer: each can be switched on, configured, and applied through Stripe or a redirect. */
function OffersSectionView(props: OffersSectionProps) {
  const { draft, errors, set, disabled, onShowScreen } = props
  return (
    <div className="rk-offers">
      {OFFER_TYPES.map((offer) => {
        const Fields = OFFER_FIELDS[offer]
        return (
          <fieldset
            key={offer}
            className="rk-offer"
            disabled={disabled}
            onFocus={() => onShowScreen({ kind: 'offer', offer })}
          >
            <legend>{OFFER_LABELS[offer]}</legend>
            <Fields {...props} />
            <RedirectField
              path={`${offer}.redirect_template`}
              value={draft[offer].redirect_template}
              error={errors[`${offer}.redirect_template`]}
              set={set}
              disabled={disabled}
            />
          </fieldset>
        )
      })}
    </div>
  )
}

export const OffersSection = memoSection(OffersSectionView, OFFER_TYPES)
