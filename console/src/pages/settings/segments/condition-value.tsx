import type { SegmentAttribute, SegmentCondition } from '@retainkit/shared/schemas'
import { useEffect, useId, useState } from 'react'
import { type AmountCodec, catalogCurrency, catalogOptions, moneyCodec } from './catalog-options'
import { CatalogCombobox, catalogNote, useSegmentCatalog } from './catalog-picker'
import { ATTRIBUTES, type CustomValueType, parseList } from './condition-model'
import { NumberBox } from './number-box'

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

/** A list as its box shows it: amounts written as money, anything else as it is. */
function listText(value: readonly (string | number)[], codec: AmountCodec | undefined): string {
  return value
    .map((item) => (codec && typeof item === 'number' ? codec.format(item) : String(item)))
    .join(', ')
}

function parseListWith(text: string, type: CustomValueType, codec: AmountCodec | undefined) {
  if (!codec) return parseList(text, type)
  return parseList(text, 'text').map((part) => codec.parse(String(part)) ?? part)
}

function ListBox({
  condition,
  type,
  disabled,
  onChange,
  describedBy,
  codec,
}: ValueProps & { codec?: AmountCodec }) {
  const id = useId()
  const value = condition.operator === 'in' ? condition.value : []
  const [text, setText] = useState(listText(value, codec))
  useEffect(() => {
    setText((current) =>
      JSON.stringify(parseListWith(current, type, codec)) === JSON.stringify(value)
        ? current
        : listText(value, codec),
    )
  }, [value, type, codec])
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
            value: parseListWith(event.target.value, type, codec),
          })
        }}
      />
    </span>
  )
}

/**
 * A plan or product: picked from the connected Stripe catalogue by name, or typed as an id (kept as
 * typed when the catalogue cannot be read or does not hold it), with what each chosen id is beside it.
 */
function CatalogValue(props: ValueProps & { attribute: 'plan' | 'product' }) {
  const { condition, disabled, onChange, attribute } = props
  const id = useId()
  const catalog = useSegmentCatalog()
  const options = catalog?.status === 'ready' ? catalogOptions(attribute, catalog.plans) : null
  const noun = attribute === 'plan' ? 'price' : 'product'
  const ids =
    condition.operator === 'equals'
      ? [String(condition.value)]
      : condition.operator === 'in'
        ? condition.value.map(String)
        : []
  const note = catalogNote(catalog, noun, ids, options)
  const describedBy = [props.describedBy, note ? `${id}-note` : ''].filter(Boolean).join(' ') || undefined
  const picker =
    condition.operator === 'equals' ? (
      <CatalogCombobox
        label={attribute === 'plan' ? 'Price' : 'Product'}
        options={options ?? []}
        value={String(condition.value)}
        disabled={disabled}
        describedBy={describedBy}
        onChange={(value) => onChange({ attribute, operator: 'equals', value })}
      />
    ) : condition.operator === 'in' ? (
      <>
        <ListBox {...props} describedBy={describedBy} />
        {options && options.length > 0 && !disabled ? (
          <CatalogCombobox
            label={`Add a ${noun} from Stripe`}
            options={options.filter((option) => !ids.includes(option.value))}
            value=""
            clearOnPick
            disabled={disabled}
            describedBy={undefined}
            onChange={(value) =>
              onChange({
                attribute,
                operator: 'in',
                value: [...condition.value.filter((old) => old !== ''), value],
              })
            }
          />
        ) : null}
      </>
    ) : null
  return (
    <>
      {picker}
      {note ? (
        <span id={`${id}-note`} className="rk-field__hint rk-catalog__note" data-testid="catalog-note">
          {note}
        </span>
      ) : null}
    </>
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
  const { condition, disabled, onChange, describedBy } = props
  const choices = ATTRIBUTES[condition.attribute as SegmentAttribute]?.choices
  const { attribute } = condition
  const catalog = useSegmentCatalog()
  // MRR is written as money in the account's currency; the rule keeps Stripe's minor units.
  const codec =
    attribute === 'mrr'
      ? moneyCodec(catalogCurrency(catalog?.status === 'ready' ? catalog.plans : null))
      : undefined
  if ((attribute === 'plan' || attribute === 'product') && condition.operator !== 'exists')
    if (condition.operator === 'equals' || condition.operator === 'in')
      return <CatalogValue {...props} attribute={attribute} />
  switch (condition.operator) {
    case 'exists':
      return null
    case 'gt':
    case 'lt':
      return (
        <NumberBox
          label="Value"
          value={condition.value}
          codec={codec}
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
            codec={codec}
            disabled={disabled}
            describedBy={describedBy}
            onChange={(value) => onChange({ attribute, operator: 'between', value: [value, high] })}
          />
          <NumberBox
            label="To"
            value={high}
            codec={codec}
            disabled={disabled}
            describedBy={describedBy}
            onChange={(value) => onChange({ attribute, operator: 'between', value: [low, value] })}
          />
        </>
      )
    }
    case 'in':
      return choices ? <ChoiceChecks {...props} choices={choices} /> : <ListBox {...props} codec={codec} />
    case 'equals':
      return <EqualsValue {...props} codec={codec} />
  }
}

/** "is": a list of choices, a number (or amount) box, or a text box. */
function EqualsValue(props: ValueProps & { codec?: AmountCodec }) {
  const { condition, type, disabled, onChange, describedBy, codec } = props
  const id = useId()
  const { attribute } = condition
  if (condition.operator !== 'equals') return null
  const choices = ATTRIBUTES[attribute as SegmentAttribute]?.choices
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
        codec={codec}
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
