import { CheckboxField } from '../../../features/forms/choice-fields'
import { NumberField } from '../../../features/forms/number-field'
import { TextField } from '../../../features/forms/text-field'
import { fieldId } from '../../../features/validation/field-errors'
import type { SectionProps } from './section'

/** A trial extension: how many days its end moves. Only trialing subscribers are ever offered it. */
export function TrialExtensionFields({ draft, errors, set }: SectionProps) {
  const offer = draft.trial_extension
  return (
    <>
      <CheckboxField
        id={fieldId('editor', 'trial_extension.enabled')}
        label="Offer trialing subscribers a longer trial"
        checked={offer.enabled}
        onChange={(value) => set('trial_extension.enabled', value)}
      />
      <NumberField
        id={fieldId('editor', 'trial_extension.days')}
        label="Extend the trial by"
        unit="days"
        step={1}
        value={offer.days}
        error={errors['trial_extension.days']}
        hint="Subscribers who are not in a trial never see this offer."
        onChange={(value) => set('trial_extension.days', value)}
      />
    </>
  )
}

/**
 * "Talk to us": the subscriber reaches the merchant's support instead of cancelling, through the
 * redirect URL below (a support page) or an email to this address. Counted as a save mechanism.
 */
export function TalkToUsFields({ draft, errors, set }: SectionProps) {
  const offer = draft.talk_to_us
  return (
    <>
      <CheckboxField
        id={fieldId('editor', 'talk_to_us.enabled')}
        label="Offer a conversation with your support team"
        checked={offer.enabled}
        onChange={(value) => set('talk_to_us.enabled', value)}
      />
      <TextField
        id={fieldId('editor', 'talk_to_us.email')}
        type="email"
        label="Support email address"
        value={offer.email ?? ''}
        error={errors['talk_to_us.email']}
        spellCheck={false}
        hint="Accepting opens an email to this address. A redirect URL below (your support page) takes precedence."
        onChange={(value) => set('talk_to_us.email', value.trim() === '' ? undefined : value.trim())}
      />
    </>
  )
}
