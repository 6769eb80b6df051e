import {
  RECOVERY_MAIL_KINDS,
  RECOVERY_TEXT_KEYS,
  RECOVERY_WORDS,
  type RecoveryLocale,
  type RecoveryMailKind,
  type RecoveryTextKey,
} from '@retainkit/shared/recovery'
import { useId, useState } from 'react'
import { SelectField } from '../../../features/forms/choice-fields'
import { TextField } from '../../../features/forms/text-field'
import { userMessageOf } from '../../../lib/error-handler'
import { previewRecoveryMail, type RecoveryPreview } from './recovery-api'
import type { DraftPartProps } from './retry-fields'
import { MAIL_NAMES } from './subscriber-fields'

const LANGUAGE_NAMES: Readonly<Record<RecoveryLocale, string>> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
}
const LOCALES = Object.keys(RECOVERY_WORDS) as RecoveryLocale[]

/** The part after the mail's name in a text key (`payment_failed.body` → body). */
const PART_LABELS: Readonly<Record<string, string>> = {
  subject: 'Subject',
  heading: 'Heading',
  body: 'Message',
  button: 'Button',
  active: 'Days-left line',
  support: 'Support line',
  pause: 'Pause offer',
  pause_button: 'Pause button',
}
const TEXT_MAX = 1000

const keysOf = (kind: RecoveryMailKind): RecoveryTextKey[] =>
  RECOVERY_TEXT_KEYS.filter((key) => key.startsWith(`${kind}.`))

function nonEmpty(words: Partial<Record<RecoveryTextKey, string>> | undefined) {
  return Object.fromEntries(Object.entries(words ?? {}).filter(([, text]) => (text ?? '').trim() !== ''))
}

function PreviewPane({ preview, title }: { preview: RecoveryPreview; title: string }) {
  return (
    <div className="rk-recovery__preview">
      <p>
        <strong>Subject:</strong> {preview.subject}
      </p>
      {/* The rendered mail, sandboxed: nothing in it runs or navigates the console. */}
      <iframe className="rk-recovery__frame" title={title} sandbox="" srcDoc={preview.html} />
      <details>
        <summary>Plain-text version</summary>
        <pre className="rk-recovery__text">{preview.text}</pre>
      </details>
    </div>
  )
}

/**
 * The e-mails' words per language: each text empty uses the built-in words (shown as the placeholder),
 * the merchant's own saved with the settings. The preview renders the chosen mail through the server's
 * mail templates with the texts as typed, before they are saved; every member may look at it.
 */
export function MailTexts({
  accountId,
  draft,
  update,
  errors,
  disabled,
}: DraftPartProps & { accountId: string }) {
  const id = useId()
  const [locale, setLocale] = useState<RecoveryLocale>('en')
  const [kind, setKind] = useState<RecoveryMailKind>('payment_failed')
  const [preview, setPreview] = useState<RecoveryPreview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const words = draft.texts[locale] ?? {}

  const setText = (key: RecoveryTextKey, text: string) =>
    update({ texts: { ...draft.texts, [locale]: { ...words, [key]: text } } })

  const show = async () => {
    setLoading(true)
    setPreviewError(null)
    const result = await previewRecoveryMail(accountId, { kind, locale, texts: nonEmpty(words) })
    setLoading(false)
    if (result.error) {
      setPreview(null)
      setPreviewError(userMessageOf(result.error))
      return
    }
    setPreview(result.data)
  }

  return (
    <fieldset className="rk-fieldset rk-recovery__group">
      <legend className="rk-recovery__legend">E-mail texts</legend>
      <p className="rk-field__hint">
        Leave a text empty to send the built-in words, shown in grey. Placeholders: {'{merchant}'},{' '}
        {'{amount}'}, {'{plan}'}, {'{days}'}, {'{date}'}, {'{months}'}, {'{last4}'}.
      </p>
      <div className="rk-recovery__pickers">
        <SelectField
          id={`${id}-locale`}
          label="Language"
          value={locale}
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          onChange={(next) => {
            setLocale(next)
            setPreview(null)
          }}
        />
        <SelectField
          id={`${id}-kind`}
          label="E-mail"
          value={kind}
          options={RECOVERY_MAIL_KINDS.map((value) => ({ value, label: MAIL_NAMES[value] }))}
          onChange={(next) => {
            setKind(next)
            setPreview(null)
          }}
        />
      </div>
      {keysOf(kind).map((key) => {
        const part = key.slice(kind.length + 1)
        return (
          <TextField
            key={`${locale}-${key}`}
            id={`${id}-${locale}-${key}`}
            label={`${PART_LABELS[part] ?? part} (${LANGUAGE_NAMES[locale]})`}
            multiline={part === 'body'}
            rows={4}
            maxLength={TEXT_MAX}
            placeholder={RECOVERY_WORDS[locale][key]}
            value={words[key] ?? ''}
            error={errors[`texts.${locale}.${key}`]}
            disabled={disabled}
            onChange={(text) => setText(key, text)}
          />
        )
      })}
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--secondary"
          disabled={loading}
          onClick={() => void show()}
        >
          {loading ? 'Rendering...' : `Preview the ${MAIL_NAMES[kind].toLowerCase()} e-mail`}
        </button>
      </div>
      <div aria-live="polite">
        {previewError ? <p className="rk-notice rk-notice--error">{previewError}</p> : null}
        {preview ? (
          <PreviewPane
            preview={preview}
            title={`Preview: ${MAIL_NAMES[kind]} e-mail in ${LANGUAGE_NAMES[locale]}`}
          />
        ) : null}
      </div>
    </fieldset>
  )
}
