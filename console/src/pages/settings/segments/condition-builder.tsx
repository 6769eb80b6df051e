import {
  type ConditionGroup,
  SEGMENT_ATTRIBUTES,
  type SegmentAttribute,
  type SegmentCondition,
  type SegmentOperator,
  type SegmentRule,
  segmentConditionSchema,
} from '@retainkit/shared/schemas'
import { useId } from 'react'
import { catalogCurrency } from './catalog-options'
import { useSegmentCatalog } from './catalog-picker'
import {
  ATTRIBUTES,
  blankCondition,
  type CustomValueType,
  customName,
  isCustom,
  OPERATOR_LABELS,
  operatorsFor,
  reshape,
  validCustomName,
  valueTypeOf,
} from './condition-model'
import { ConditionValue } from './condition-value'

const CUSTOM = '__custom'
const MATCH_LABELS = { all: 'all of these hold (AND)', any: 'any of these holds (OR)' } as const
const VALUE_TYPE_LABELS: Readonly<Record<CustomValueType, string>> = {
  text: 'text',
  number: 'number',
  boolean: 'true / false',
}

/** The shared schema's message for a condition, or null: what the server would answer for it. */
function conditionProblem(condition: SegmentCondition): string | null {
  const result = segmentConditionSchema.safeParse(condition)
  return result.success ? null : (result.error.issues[0]?.message ?? 'This condition is not valid')
}

/** The line under a condition: where a custom attribute comes from, MRR's currency, or the attribute's hint. */
function useConditionHint(condition: SegmentCondition): string | undefined {
  const catalog = useSegmentCatalog()
  const currency = catalogCurrency(catalog?.status === 'ready' ? catalog.plans : null).toUpperCase()
  if (isCustom(condition.attribute))
    return `Signed into the subscriber token as attributes.${customName(condition.attribute) || '<name>'}`
  if (condition.attribute === 'mrr') return `Monthly revenue in ${currency}, your Stripe prices’ currency`
  return ATTRIBUTES[condition.attribute as SegmentAttribute]?.hint
}

function ConditionEditor(props: {
  condition: SegmentCondition
  legend: string
  disabled: boolean
  canRemove: boolean
  onChange: (next: SegmentCondition) => void
  onRemove: () => void
}) {
  const { condition, disabled, onChange } = props
  const id = useId()
  const type = valueTypeOf(condition)
  const problem = conditionProblem(condition)
  const hint = useConditionHint(condition)
  const describedBy =
    [hint ? `${id}-hint` : '', problem ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined
  const fields = { id, condition, disabled, onChange }
  return (
    <fieldset className="rk-segment__condition" aria-invalid={problem ? true : undefined}>
      <legend>{props.legend}</legend>
      <AttributeSelect {...fields} />
      {isCustom(condition.attribute) ? (
        <CustomAttributeNameAndType {...fields} type={type} describedBy={describedBy} />
      ) : null}
      <OperatorSelect {...fields} type={type} />
      <ConditionValue
        condition={condition}
        type={type}
        disabled={disabled}
        onChange={onChange}
        describedBy={describedBy}
      />
      {hint ? (
        <span id={`${id}-hint`} className="rk-field__hint">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="rk-field__error">
          {problem}
        </span>
      ) : null}
      {disabled || !props.canRemove ? null : (
        <button type="button" className="rk-button rk-button--small" onClick={props.onRemove}>
          Remove {props.legend.toLowerCase()}
        </button>
      )}
    </fieldset>
  )
}

/** What each of a condition's controls is given: the condition's id prefix, the condition, and how to change it. */
interface ConditionFieldProps {
  id: string
  condition: SegmentCondition
  disabled: boolean
  onChange: (next: SegmentCondition) => void
}

/** The attribute a condition tests: one of the known ones, or a custom one read from the token. */
function AttributeSelect({ id, condition, disabled, onChange }: ConditionFieldProps) {
  return (
    <span className="rk-segment__value">
      <label htmlFor={`${id}-attribute`}>Attribute</label>
      <select
        id={`${id}-attribute`}
        className="rk-input rk-select"
        value={isCustom(condition.attribute) ? CUSTOM : condition.attribute}
        disabled={disabled}
        onChange={(event) =>
          onChange(
            reshape(condition, {
              attribute: event.target.value === CUSTOM ? 'custom.' : event.target.value,
              ...(event.target.value === CUSTOM ? { type: 'text' as const } : {}),
            }),
          )
        }
      >
        {SEGMENT_ATTRIBUTES.map((name) => (
          <option key={name} value={name}>
            {ATTRIBUTES[name].label}
          </option>
        ))}
        <option value={CUSTOM}>Custom attribute (from the token)</option>
      </select>
    </span>
  )
}

/** A custom attribute's name and the type its value is compared as. */
function CustomAttributeNameAndType(
  props: ConditionFieldProps & { type: CustomValueType; describedBy: string | undefined },
) {
  const { id, condition, disabled, onChange } = props
  return (
    <>
      <span className="rk-segment__value">
        <label htmlFor={`${id}-custom`}>Custom attribute name</label>
        <input
          id={`${id}-custom`}
          className="rk-input"
          value={customName(condition.attribute)}
          disabled={disabled}
          aria-invalid={validCustomName(customName(condition.attribute)) ? undefined : true}
          aria-describedby={props.describedBy}
          onChange={(event) =>
            onChange(reshape(condition, { attribute: `custom.${event.target.value.trim()}` }))
          }
        />
      </span>
      <span className="rk-segment__value">
        <label htmlFor={`${id}-type`}>Value type</label>
        <select
          id={`${id}-type`}
          className="rk-input rk-select"
          value={props.type}
          disabled={disabled}
          onChange={(event) => onChange(reshape(condition, { type: event.target.value as CustomValueType }))}
        >
          {(Object.keys(VALUE_TYPE_LABELS) as CustomValueType[]).map((option) => (
            <option key={option} value={option}>
              {VALUE_TYPE_LABELS[option]}
            </option>
          ))}
        </select>
      </span>
    </>
  )
}

/** The test applied to the attribute: only the operators that make sense for its type. */
function OperatorSelect(props: ConditionFieldProps & { type: CustomValueType }) {
  const { id, condition, disabled, onChange } = props
  return (
    <span className="rk-segment__value">
      <label htmlFor={`${id}-operator`}>Test</label>
      <select
        id={`${id}-operator`}
        className="rk-input rk-select"
        value={condition.operator}
        disabled={disabled}
        onChange={(event) =>
          onChange(reshape(condition, { operator: event.target.value as SegmentOperator }))
        }
      >
        {operatorsFor(condition.attribute, props.type).map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </select>
    </span>
  )
}

function MatchSelect(props: {
  label: string
  value: 'all' | 'any'
  disabled: boolean
  onChange: (match: 'all' | 'any') => void
}) {
  const id = useId()
  return (
    <div className="rk-form-field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        className="rk-input rk-select"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as 'all' | 'any')}
      >
        <option value="all">{MATCH_LABELS.all}</option>
        <option value="any">{MATCH_LABELS.any}</option>
      </select>
    </div>
  )
}

const replaceAt = <T,>(list: readonly T[], at: number, next: T) =>
  list.map((old, index) => (index === at ? next : old))
const without = <T,>(list: readonly T[], at: number) => list.filter((_, index) => index !== at)

function GroupEditor(props: {
  group: ConditionGroup
  number: number
  disabled: boolean
  onChange: (next: ConditionGroup) => void
  onRemove: () => void
}) {
  const { group, disabled, number } = props
  const setConditions = (conditions: SegmentCondition[]) => props.onChange({ ...group, conditions })
  return (
    <fieldset className="rk-segment__group">
      <legend>Group {number}</legend>
      <MatchSelect
        label={`Group ${number} matches when`}
        value={group.match}
        disabled={disabled}
        onChange={(match) => props.onChange({ ...group, match })}
      />
      {group.conditions.map((condition, position) => (
        <ConditionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place.
          key={position}
          legend={`Group ${number}, condition ${position + 1}`}
          condition={condition}
          disabled={disabled}
          canRemove={group.conditions.length > 1}
          onChange={(next) => setConditions(replaceAt(group.conditions, position, next))}
          onRemove={() => setConditions(without(group.conditions, position))}
        />
      ))}
      {disabled ? null : (
        <div className="rk-form__actions">
          <button
            type="button"
            className="rk-button rk-button--small"
            onClick={() => setConditions([...group.conditions, blankCondition()])}
          >
            Add condition to group {number}
          </button>
          <button type="button" className="rk-button rk-button--small" onClick={props.onRemove}>
            Remove group {number}
          </button>
        </div>
      )}
    </fieldset>
  )
}

/**
 * A segment's rule: conditions and groups of conditions, joined by AND or OR, so "(annual AND MRR over
 * 50) OR country is FR" is one OR rule holding a condition and an AND group. Every control is a labelled
 * native one, each condition and group a fieldset named by its legend, so it reads and works by keyboard.
 */
export function ConditionBuilder(props: {
  rule: SegmentRule
  disabled: boolean
  onChange: (next: SegmentRule) => void
}) {
  const { rule, disabled, onChange } = props
  const groups = rule.groups ?? []
  const setGroups = (next: ConditionGroup[]) => {
    const { groups: _old, ...rest } = rule
    onChange(next.length > 0 ? { ...rest, groups: next } : rest)
  }
  const setConditions = (conditions: SegmentCondition[]) => onChange({ ...rule, conditions })
  const parts = rule.conditions.length + groups.length
  return (
    <div className="rk-segment__rule">
      <MatchSelect
        label="Subscribers match when"
        value={rule.match}
        disabled={disabled}
        onChange={(match) => onChange({ ...rule, match })}
      />
      {rule.conditions.map((condition, position) => (
        <ConditionEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place.
          key={position}
          legend={`Condition ${position + 1}`}
          condition={condition}
          disabled={disabled}
          canRemove={parts > 1}
          onChange={(next) => setConditions(replaceAt(rule.conditions, position, next))}
          onRemove={() => setConditions(without(rule.conditions, position))}
        />
      ))}
      {groups.map((group, position) => (
        <GroupEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: groups have no identity but their place.
          key={position}
          number={position + 1}
          group={group}
          disabled={disabled}
          onChange={(next) => setGroups(replaceAt(groups, position, next))}
          onRemove={() => setGroups(without(groups, position))}
        />
      ))}
      {disabled ? null : (
        <div className="rk-form__actions">
          <button
            type="button"
            className="rk-button rk-button--small"
            disabled={rule.conditions.length >= 20}
            onClick={() => setConditions([...rule.conditions, blankCondition()])}
          >
            Add condition
          </button>
          <button
            type="button"
            className="rk-button rk-button--small"
            disabled={groups.length >= 10}
            onClick={() =>
              setGroups([
                ...groups,
                { match: rule.match === 'all' ? 'any' : 'all', conditions: [blankCondition()] },
              ])
            }
          >
            Add group
          </button>
        </div>
      )}
    </div>
  )
}
