import { JURISDICTION_MODES } from '@retainkit/shared/jurisdiction'
import { SESSION_KINDS, SESSION_OUTCOMES } from '@retainkit/shared/sessions'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { type FormEvent, useId, useState } from 'react'
import { JURISDICTION_MODE_SHORT } from '../../features/jurisdiction-labels'
import { OFFER_LABELS } from '../../features/labels'
import { KIND_LABELS, OUTCOME_LABELS } from './session-words'

/** The filters a URL keeps (`?outcome=…&reason=…`): each a select of its closed list, or all. */
export const SESSION_FILTER_KEYS = ['outcome', 'reason', 'offer', 'kind', 'jurisdiction'] as const
export type SessionFilterKey = (typeof SESSION_FILTER_KEYS)[number]

interface FilterChoice {
  label: string
  options: ReadonlyArray<{ value: string; label: string }>
}

export function filterChoices(
  reasons: ReadonlyArray<{ key: string; label: string }>,
): Record<SessionFilterKey, FilterChoice> {
  return {
    outcome: {
      label: 'Outcome',
      options: SESSION_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] })),
    },
    reason: {
      label: 'Reason',
      options: reasons.map((reason) => ({ value: reason.key, label: reason.label })),
    },
    offer: {
      label: 'Offer shown',
      options: OFFER_TYPES.map((value) => ({ value, label: OFFER_LABELS[value] })),
    },
    kind: { label: 'Kind', options: SESSION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })) },
    jurisdiction: {
      label: 'Jurisdiction mode',
      options: JURISDICTION_MODES.map((value) => ({ value, label: JURISDICTION_MODE_SHORT[value] })),
    },
  }
}

/** Search by e-mail or customer id: applied on submit, not on every keystroke. */
export function SessionSearch(props: { value: string; onSearch: (value: string) => void; byEmail: boolean }) {
  const id = useId()
  const [text, setText] = useState(props.value)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSearch(text.trim())
  }
  return (
    <search className="rk-sessions__search-landmark">
      <form className="rk-sessions__search" onSubmit={submit}>
        <label htmlFor={id}>{props.byEmail ? 'E-mail or customer id' : 'Customer id'}</label>
        <input
          id={id}
          className="rk-input"
          type="search"
          value={text}
          maxLength={200}
          spellCheck={false}
          autoComplete="off"
          placeholder={props.byEmail ? 'jane@example.com or cus_…' : 'cus_…'}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="rk-button rk-button--secondary">
          Search
        </button>
      </form>
    </search>
  )
}

/** One select per filter, "All" first. */
export function SessionFilterSelects(props: {
  choices: Record<SessionFilterKey, FilterChoice>
  values: Partial<Record<SessionFilterKey, string>>
  onChange: (key: SessionFilterKey, value: string) => void
}) {
  const id = useId()
  return (
    <div className="rk-sessions__filters">
      {SESSION_FILTER_KEYS.map((key) => {
        const choice = props.choices[key]
        if (choice.options.length === 0) return null
        return (
          <div key={key} className="rk-sessions__filter">
            <label htmlFor={`${id}-${key}`}>{choice.label}</label>
            <select
              id={`${id}-${key}`}
              className="rk-input rk-select"
              value={props.values[key] ?? ''}
              onChange={(event) => props.onChange(key, event.target.value)}
            >
              <option value="">All</option>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        )
      })}
    </div>
  )
}
