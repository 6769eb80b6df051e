import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { resolveLegal } from '@retainkit/shared/i18n'
import { type JurisdictionDecision, statutoryKinds, statutoryVariant } from '@retainkit/shared/jurisdiction'
import { useId } from 'react'
import { jurisdictionModeLabel } from '../jurisdiction-labels'
import { OFFER_LABELS } from '../labels'
import { languageName } from '../language-name'
import type { DraftWarning, PreviewAddress, SubscriberView } from './subscriber-preview'

/** The countries the list suggests (any ISO code may be typed): the ones the built-in rules name, and a few. */
const SUGGESTED = ['US', 'DE', 'FR', 'GB', 'NL', 'ES', 'IT', 'CA', 'AU'] as const

const BLOCK_WORDS = {
  terms: 'the price terms',
  statutory: 'the statutory page',
  after_cancel: 'the question after cancelling',
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

function warningText(warning: DraftWarning, defaultLanguage: string): string {
  switch (warning.kind) {
    case 'offer_without_cancel':
      return `${OFFER_LABELS[warning.offer]} (${languageName(warning.locale)}): the button beside the offer does not clearly say it goes on to cancel. California (AB 2863) allows a save offer only beside a plain way to cancel.`
    case 'over_cap':
      return `The longest path shows ${count(warning.screens, 'screen')} and ${count(warning.offers, 'offer')} before cancelling; the cap is ${count(warning.cap.max_screens, 'screen')} and ${count(warning.cap.max_offers, 'offer')}, so capped subscribers (the UK) get a shortened flow.`
    case 'untranslated_legal':
      return `${languageName(warning.locale)} lacks words for ${warning.blocks.map((block) => BLOCK_WORDS[block]).join(', ')}: subscribers reading it get these wholly in ${languageName(defaultLanguage)} until they are translated.`
  }
}

export interface SubscriberFromProps {
  address: PreviewAddress
  onAddressChange: (address: PreviewAddress) => void
  view: SubscriberView
  warnings: readonly DraftWarning[]
  defaultLanguage: string
}

/** "Preview as a subscriber from …": the address, the mode it gets and why, and the draft's warnings. */
export function SubscriberFrom({
  address,
  onAddressChange,
  view,
  warnings,
  defaultLanguage,
}: SubscriberFromProps) {
  const id = useId()
  const set = (field: keyof PreviewAddress) => (event: { target: { value: string } }) =>
    onAddressChange({
      ...address,
      [field]: field === 'startedOn' ? event.target.value : event.target.value.toUpperCase(),
    })
  return (
    <fieldset className="rk-subscriber-from">
      <legend>Preview as a subscriber from …</legend>
      <div className="rk-subscriber-from__fields">
        <div className="rk-field">
          <label htmlFor={`${id}-country`}>Country (ISO code)</label>
          <input
            id={`${id}-country`}
            className="rk-input"
            list={`${id}-countries`}
            maxLength={2}
            autoComplete="off"
            value={address.country}
            onChange={set('country')}
          />
          <datalist id={`${id}-countries`}>
            {SUGGESTED.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </div>
        <div className="rk-field">
          <label htmlFor={`${id}-state`}>State or province</label>
          <input
            id={`${id}-state`}
            className="rk-input"
            maxLength={3}
            autoComplete="off"
            value={address.state}
            onChange={set('state')}
          />
        </div>
        <div className="rk-field">
          <label htmlFor={`${id}-started`}>Subscription started on</label>
          <input
            id={`${id}-started`}
            className="rk-input"
            type="date"
            value={address.startedOn}
            onChange={set('startedOn')}
          />
        </div>
      </div>
      <p role="status" className="rk-subscriber-from__mode">
        <strong>{jurisdictionModeLabel(view.decision.mode)}.</strong> {view.why}
        {view.decision.withdrawalUntil
          ? ` Inside the withdrawal period until ${new Date(view.decision.withdrawalUntil).toLocaleDateString()}.`
          : ''}
      </p>
      {warnings.length > 0 ? (
        <div className="rk-notice rk-notice--warning">
          <p>
            <strong>Rules this draft breaks</strong>
          </p>
          <ul>
            {warnings.map((warning) => (
              <li
                key={`${warning.kind}-${'offer' in warning ? warning.offer : ''}-${'locale' in warning ? warning.locale : ''}`}
              >
                {warningText(warning, defaultLanguage)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  )
}

/**
 * What a subscriber in `statutory_button` mode gets instead of the flow: the statutory page, worded in
 * the previewed language as the server words it (only the fields the law lists, then one button).
 */
export function StatutoryPagePreview(props: {
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  locale: string
  decision: JurisdictionDecision
}) {
  const block = resolveLegal(props.config, props.reasons, [props.locale]).statutory
  const w = block.words
  const withdrawal = statutoryVariant(props.decision) === 'withdrawal'
  const until = props.decision.withdrawalUntil
    ? new Intl.DateTimeFormat(block.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(props.decision.withdrawalUntil),
      )
    : '…'
  const kinds: Record<'ordinary' | 'extraordinary' | 'withdrawal', string> = {
    ordinary: w.kind_ordinary,
    extraordinary: w.kind_extraordinary,
    withdrawal: w.kind_withdrawal.replace('{date}', until),
  }
  const fields = withdrawal
    ? [w.name_label, w.contract_label, w.email_label]
    : [
        `${w.kind_legend}: ${statutoryKinds(props.decision)
          .map((kind) => kinds[kind])
          .join(' / ')}`,
        w.name_label,
        w.contract_label,
        w.time_legend,
        w.email_label,
      ]
  return (
    <section
      className="rk-statutory-preview"
      aria-label="Statutory page preview"
      lang={block.locale}
      dir={block.dir}
    >
      <h3>{withdrawal ? w.withdrawal_headline.replace('{date}', until) : w.termination_headline}</h3>
      <p>{withdrawal ? w.withdrawal_intro.replace('{date}', until) : w.termination_intro}</p>
      <ul>
        {fields.map((field) => (
          <li key={field}>{field}</li>
        ))}
      </ul>
      <p>
        <strong>{withdrawal ? w.submit_withdrawal : w.submit_termination}</strong>
      </p>
      <p className="rk-muted" lang="en" dir="ltr">
        The subscriber gets this page instead of the flow: no offers, no login; the confirmation is e-mailed
        at once.
      </p>
    </section>
  )
}
