import type { CancellationReason } from '@retainkit/shared/config-types'
import {
  BUILT_IN_LOCALES,
  createResolver,
  isBuiltInLocale,
  type Languages,
  languagesOf,
} from '@retainkit/shared/i18n'
import { localeTagSchema } from '@retainkit/shared/schemas'
import { useMemo, useState } from 'react'
import { TextField } from '../../../features/forms/text-field'
import { languageName } from '../../../features/language-name'
import { fieldId } from '../../../features/validation/field-errors'
import type { SectionProps } from './section'

/** `user feedback › any reason › headline` for `copy.user_feedback.any_reason.headline`. */
const keyLabel = (key: string) =>
  key
    .replace(/^copy\./, '')
    .replace(/^ui\./, 'widget › ')
    .split('.')
    .join(' › ')
    .replace(/_/g, ' ')

export interface LanguagesSectionProps extends SectionProps {
  reasons: readonly CancellationReason[]
  /** The language being edited, which the preview speaks. */
  locale: string
  onLocaleChange: (locale: string) => void
}

/**
 * The account's languages: the default one (what a missing translation falls back to), languages to
 * add, and every string of the language being edited — blank means the built-in words or, when there
 * are none, the default language's, which the list of missing strings names. The default language's
 * copy, banner and reasons are edited in their own sections; here only the widget's own words.
 */
export function LanguagesSection({
  draft,
  errors,
  set,
  disabled,
  reasons,
  locale,
  onLocaleChange,
}: LanguagesSectionProps) {
  const languages = languagesOf(draft)
  const resolver = useMemo(() => createResolver(draft, reasons), [draft, reasons])
  const tags = [...new Set([languages.default, ...BUILT_IN_LOCALES, ...Object.keys(languages.translations)])]
  const current = tags.includes(locale) ? locale : languages.default
  const isDefault = current === languages.default
  const { strings, missing } = resolver.resolve(current)
  const own = languages.translations[current] ?? {}
  const keys = isDefault ? resolver.keys.filter((key) => key.startsWith('ui.')) : resolver.keys

  const write = (next: Languages) => set('languages', next)
  const setString = (key: string, value: string) => {
    const strings = { ...own }
    if (value === '') delete strings[key]
    else strings[key] = value
    write({ ...languages, translations: { ...languages.translations, [current]: strings } })
  }
  const defaultName = languageName(languages.default)
  // Built-in languages are always offered; the merchant's own (and their translations) can go.
  const removable = !isDefault && !isBuiltInLocale(current)
  const remove = () => {
    const { [current]: _gone, ...rest } = languages.translations
    write({ ...languages, translations: rest })
    onLocaleChange(languages.default)
  }

  return (
    <div className="rk-languages">
      <DefaultLanguageField
        value={languages.default}
        tags={tags}
        disabled={disabled}
        onChange={(tag) => write({ ...languages, default: tag })}
      />
      <div className="rk-field">
        <label htmlFor="editor-language">Language to edit and preview</label>
        <select
          id="editor-language"
          className="rk-input"
          value={current}
          onChange={(event) => onLocaleChange(event.target.value)}
        >
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {languageName(tag)} ({tag}){tag === languages.default ? ' · default' : ''}
            </option>
          ))}
        </select>
        {removable ? (
          <button
            type="button"
            className="rk-button rk-button--secondary"
            disabled={disabled}
            onClick={remove}
          >
            Remove {languageName(current)}
          </button>
        ) : null}
      </div>
      <AddLanguage
        disabled={disabled}
        onAdd={(tag) => {
          if (!languages.translations[tag])
            write({ ...languages, translations: { ...languages.translations, [tag]: {} } })
          onLocaleChange(tag)
        }}
      />
      <MissingStrings current={current} defaultName={defaultName} isDefault={isDefault} missing={missing} />
      <TranslationFields
        current={current}
        keys={keys}
        own={own}
        fallback={strings}
        missing={missing}
        errors={errors}
        disabled={disabled}
        onChange={setString}
      />
    </div>
  )
}

/** A language tag typed in and checked; a new one starts with no translations and is opened. */
function AddLanguage({ disabled, onAdd }: { disabled: boolean; onAdd: (tag: string) => void }) {
  const [adding, setAdding] = useState('')
  const [addError, setAddError] = useState<string | undefined>()
  const add = () => {
    const parsed = localeTagSchema.safeParse(adding.trim())
    if (!parsed.success) return setAddError(parsed.error.issues[0]?.message)
    setAddError(undefined)
    setAdding('')
    onAdd(parsed.data.toLowerCase())
  }
  return (
    <div className="rk-languages__add">
      <TextField
        id="editor-add-language"
        label="Add a language"
        hint="A language tag, such as it, ar, he or pt-BR. Arabic and Hebrew are laid out right to left."
        value={adding}
        error={addError}
        disabled={disabled}
        onChange={setAdding}
      />
      <button type="button" className="rk-button rk-button--secondary" disabled={disabled} onClick={add}>
        Add language
      </button>
    </div>
  )
}

/** What the language being edited lacks (each a link to its field), or why the default lacks nothing. */
function MissingStrings(props: {
  current: string
  defaultName: string
  isDefault: boolean
  missing: string[]
}) {
  const { current, defaultName, isDefault, missing } = props
  return (
    <>
      {isDefault ? (
        <p className="rk-field__hint">
          {defaultName} is the default language: nothing can be missing in it. Below, the widget’s own words
          (buttons, progress, messages); leave one blank to keep the built-in words.
        </p>
      ) : (
        <div
          className={`rk-notice${missing.length ? ' rk-notice--warning' : ''}`}
          role="status"
          data-testid="missing-strings"
        >
          {missing.length === 0 ? (
            <p>Every string has a {languageName(current)} version.</p>
          ) : (
            <>
              <p>
                {missing.length} {missing.length === 1 ? 'string is' : 'strings are'} missing in{' '}
                {languageName(current)}: subscribers see them in {defaultName} until you translate them.
              </p>
              <ul>
                {missing.map((key) => (
                  <li key={key}>
                    <a href={`#${fieldId('editor-lang', key)}`}>{keyLabel(key)}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </>
  )
}

/** One field per string of the language being edited; empty keeps the fallback shown as placeholder. */
function TranslationFields(props: {
  current: string
  keys: readonly string[]
  own: Readonly<Record<string, string>>
  fallback: Readonly<Record<string, string>>
  missing: readonly string[]
  errors: SectionProps['errors']
  disabled: boolean
  onChange: (key: string, value: string) => void
}) {
  const { current, keys, own, fallback, missing, errors, disabled, onChange } = props
  return (
    <div className="rk-languages__strings" lang={current}>
      {keys.map((key) => (
        <TextField
          key={`${current}:${key}`}
          id={fieldId('editor-lang', key)}
          label={
            <span lang="en" dir="ltr">
              {keyLabel(key)}
              {missing.includes(key) ? ' (missing)' : ''}
            </span>
          }
          value={own[key] ?? ''}
          placeholder={fallback[key]}
          maxLength={500}
          multiline={key.endsWith('subheadline')}
          disabled={disabled}
          error={errors[`languages.translations.${current}.${key}`]}
          onChange={(value) => onChange(key, value)}
        />
      ))}
    </div>
  )
}

/** The language a missing string falls back to, chosen among the account's. */
function DefaultLanguageField(props: {
  value: string
  tags: readonly string[]
  disabled: boolean
  onChange: (tag: string) => void
}) {
  const { value, tags, disabled, onChange } = props
  return (
    <div className="rk-field">
      <label htmlFor="editor-default-language">Default language</label>
      <select
        id="editor-default-language"
        className="rk-input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {tags.map((tag) => (
          <option key={tag} value={tag}>
            {languageName(tag)} ({tag})
          </option>
        ))}
      </select>
      <p className="rk-field__hint">
        Subscribers whose language the account does not offer get it, and so does any string missing in
        another language. Your copy above is written in it.
      </p>
    </div>
  )
}
