import type { SegmentAttribute, SegmentCondition } from '@retainkit/shared/schemas'
import { useEffect, useId, useState } from 'react'
import { ATTRIBUTES, type CustomValueType, parseList } from './condition-model'

/**
 * The value part of a condition, a control per test: a list of choices or a box for "is", a
 * comma-separated list (or checkboxes for a closed list) for "is one of", a number for comparisons,
 * two numbers for "is between", nothing for "is present". Number and list boxes keep the text being
 * typed ("12," or an empty box) and hand over the typed value once it reads as one.
 */

interface ValueProps {
  condition: SegmentCondition
  type: CustomValueType
  disabled: boolean
  onChange: (next: SegmentCondition) => void
  /** Ids of the hint and message the controls are described by. */
  describedBy: string | undefined
}

function NumberBox(props: {
  label: string
  value: number
  disabled: boolean
  describedBy: string | undefined
  onChange: (value: number) => void
}) {
  const id = useId()
  const [text, setText] = useState(String(props.value))
  // A value changed from outside (another test chosen, a reload) replaces the text being typed.
  useEffect(() => {
    setText((current) =>
      Number(current) === props.value && current.trim() !== '' ? current : String(props.value),
    )
  }, [props.value])
  const invalid = text.trim() === '' || !Number.isFinite(Number(text))
  return (
    <span className="rk-segment__value">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="rk-input"
        type="text"
        inputMode="decimal"
        value={text}
        disabled={props.disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          setText(event.target.value)
          const next = Number(event.target.value)
          if (event.target.value.trim() !== '' && Number.isFinite(next)) props.onChange(next)
        }}
      />
      {invalid ? <span className="rk-field__error">Enter a number</span> : null}
    </span>
  )
}

function ListBox({ condition, type, disabled, onChange, describedBy }: ValueProps) {
  const id = useId()
  const value = condition.operator === 'in' ? condition.value : []
  const [text, setText] = useState(value.join(', '))
  useEffect(() => {
    setText((current) =>
      JSON.stringify(parseList(current, type)) === JSON.stringify(value) ? current : value.join(', '),
    )
  }, [value, type])
  return (
    <span className="rk-segment__value">
      <label htmlFor={id}>Values, separated by commas</label>
      <input
        id={id}
        className="rk-input"
        value={text}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          setText(event.target.value)
          onChange({
            attribute: condition.attribute,
            operator: 'in',
            value: parseList(event.target.value, type),
          })
        }}
      />
    </span>
  )
}

function ChoiceChecks({
  condition,
  disabled,
  onChange,
  choices,
}: ValueProps & { choices: readonly string[] }) {
  const chosen = condition.operator === 'in' ? condition.value.map(String) : []
  return (
    <fieldset className="rk-segment__choices">
      <legend>Values</legend>
      {choices.map((choice) => (
        <label key={choice} className="rk-checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(choice)}
            disabled={disabled}
            onChange={(event) => {
              const next = event.target.checked
                ? choices.filter((option) => option === choice || chosen.includes(option))
                : chosen.filter((option) => option !== choice)
              onChange({ attribute: condition.attribute, operator: 'in', value: next })
            }}
          />{' '}
          {choice.replace(/_/g, ' ')}
        </label>
      ))}
    </fieldset>
  )
}

export function ConditionValue(props: ValueProps) {
  const { condition, type, disabled, onChange, describedBy } = props
  const id = useId()
  const choices = ATTRIBUTES[condition.attribute as SegmentAttribute]?.choices
  const { attribute } = condition
  switch (condition.operator) {
    case 'exists':
      return null
    case 'gt':
    case 'lt':
      return (
        <NumberBox
          label="Value"
          value={condition.value}
          disabled={disabled}
          describedBy={describedBy}
          onChange={(value) => onChange({ attribute, operator: condition.operator, value })}
        />
      )
    case 'between': {
      const [low, high] = condition.value
      return (
        <>
          <NumberBox
            label="From"
            value={low}
            disabled={disabled}
            describedBy={describedBy}
            onChange={(value) => onChange({ attribute, operator: 'between', value: [value, high] })}
          />
          <NumberBox
            label="To"
            value={high}
            disabled={disabled}
            describedBy={describedBy}
            onChange={(value) => onChange({ attribute, operator: 'between', value: [low, value] })}
          />
        </>
      )
    }
    case 'in':
      return choices ? <ChoiceChecks {...props} choices={choices} /> : <ListBox {...props} />
    case 'equals':
      if (choices || type === 'boolean') {
        const options = choices ?? ['true', 'false']
        return (
          <span className="rk-segment__value">
            <label htmlFor={id}>Value</label>
            <select
              id={id}
              className="rk-input rk-select"
              value={String(condition.value)}
              disabled={disabled}
              aria-describedby={describedBy}
              onChange={(event) =>
                onChange({
                  attribute,
                  operator: 'equals',
                  value: type === 'boolean' ? event.target.value === 'true' : event.target.value,
                })
              }
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {option.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </span>
        )
      }
      if (type === 'number') {
        return (
          <NumberBox
            label="Value"
            value={typeof condition.value === 'number' ? condition.value : 0}
            disabled={disabled}
            describedBy={describedBy}
            onChange={(value) => onChange({ attribute, operator: 'equals', value })}
          />
        )
      }
      return (
        <span className="rk-segment__value">
          <label htmlFor={id}>Value</label>
          <input
            id={id}
            className="rk-input"
            value={String(condition.value)}
            disabled={disabled}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ attribute, operator: 'equals', value: event.target.value })}
          />
        </span>
      )
  }
}
