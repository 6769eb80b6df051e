import {
  PROMPT_MODES,
  type PromptMode,
  RECOVERY_MAIL_KINDS,
  type RecoveryMailKind,
} from '@retainkit/shared/recovery'
import { useId } from 'react'
import { CheckboxField, SelectField } from '../../../features/forms/choice-fields'
import { TextField } from '../../../features/forms/text-field'
import type { DraftPartProps } from './retry-fields'

export const MAIL_NAMES: Readonly<Record<RecoveryMailKind, string>> = {
  payment_failed: 'Payment failed',
  payment_reminder: 'Reminder',
  payment_final_notice: 'Final notice',
  payment_recovered: 'Recovered receipt',
  card_expiring: 'Card expiring',
}

const MAIL_HINTS: Readonly<Record<RecoveryMailKind, string>> = {
  payment_failed: 'At the failure, with the card-update link and the days left.',
  payment_reminder: 'A few days later, while the payment is still due.',
  payment_final_notice: 'Shortly before the subscription ends, with the pause offer when it is on.',
  payment_recovered: 'A receipt once the payment goes through.',
  card_expiring: 'Before a card expires ahead of a renewal.',
}

const PROMPT_TEXT: Readonly<Record<PromptMode, { label: string; hint: string }>> = {
  banner: {
    label: 'Banner',
    hint: 'A "your payment failed — update your card" banner the subscriber can dismiss.',
  },
  wall: {
    label: 'Blocking wall',
    hint: 'The same message over your page until the card is updated.',
  },
  off: { label: 'Nothing on your site', hint: 'Only the e-mails reach the subscriber.' },
}

const PAUSE_MONTHS = ['1', '2', '3'] as const

/** What the subscriber receives: which e-mails, the on-site prompt, the last-chance pause. */
export function SubscriberFields({ draft, update, errors, disabled }: DraftPartProps) {
  const id = useId()
  return (
    <>
      <fieldset className="rk-fieldset rk-recovery__group">
        <legend className="rk-recovery__legend">E-mails to the subscriber</legend>
        {RECOVERY_MAIL_KINDS.map((kind) => (
          <CheckboxField
            key={kind}
            id={`${id}-mail-${kind}`}
            label={MAIL_NAMES[kind]}
            hint={MAIL_HINTS[kind]}
            checked={draft.mails[kind]}
            disabled={disabled}
            onChange={(on) => update({ mails: { ...draft.mails, [kind]: on } })}
          />
        ))}
      </fieldset>
      <fieldset className="rk-fieldset rk-recovery__group">
        <legend className="rk-recovery__legend">On your site</legend>
        {PROMPT_MODES.map((mode) => (
          <div key={mode} className="rk-radio">
            <input
              type="radio"
              id={`${id}-prompt-${mode}`}
              name={`${id}-prompt`}
              checked={draft.prompt === mode}
              disabled={disabled}
              aria-describedby={`${id}-prompt-${mode}-hint`}
              onChange={() => update({ prompt: mode })}
            />
            <span>
              <label htmlFor={`${id}-prompt-${mode}`}>{PROMPT_TEXT[mode].label}</label>
              <span className="rk-field__hint rk-recovery__hint" id={`${id}-prompt-${mode}-hint`}>
                {PROMPT_TEXT[mode].hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <fieldset className="rk-fieldset rk-recovery__group">
        <legend className="rk-recovery__legend">Last chance and return</legend>
        <CheckboxField
          id={`${id}-pause`}
          label="Offer a pause before the subscription ends"
          hint="In the final notice, the on-site prompt and the card-update page, instead of losing the subscriber."
          checked={draft.last_chance_pause.enabled}
          disabled={disabled}
          onChange={(enabled) => update({ last_chance_pause: { ...draft.last_chance_pause, enabled } })}
        />
        <SelectField
          id={`${id}-pause-months`}
          label="Pause length"
          value={String(draft.last_chance_pause.months) as (typeof PAUSE_MONTHS)[number]}
          options={PAUSE_MONTHS.map((value) => ({
            value,
            label: value === '1' ? '1 month' : `${value} months`,
          }))}
          disabled={disabled || !draft.last_chance_pause.enabled}
          onChange={(months) =>
            update({ last_chance_pause: { ...draft.last_chance_pause, months: Number(months) } })
          }
        />
        <TextField
          id={`${id}-return`}
          label="Return address after the card update"
          type="url"
          spellCheck={false}
          placeholder="https://example.com/account"
          hint="An https:// page on your site. Left empty: your account's website domain."
          value={draft.return_url}
          error={errors.return_url}
          disabled={disabled}
          onChange={(return_url) => update({ return_url })}
        />
      </fieldset>
    </>
  )
}
