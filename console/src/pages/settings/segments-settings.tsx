import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import {
  SEGMENT_ATTRIBUTES,
  SEGMENT_OPERATORS,
  type SegmentCondition,
  type SegmentOperator,
} from '@retainkit/shared/schemas'
import { useId, useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { getConfig, getSegments, type SegmentInput, saveSegments } from '../../lib/api'
import { handleError } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'
import { SegmentPreview } from './segment-preview'

type Loaded = { segments: ApiData<'GET /api/account?action=segments'>['segments']; config: CancelFlowConfig }
type Draft = SegmentInput & { key: string }

const OPERATOR_LABELS: Readonly<Record<SegmentOperator, string>> = {
  equals: 'equals',
  in: 'is one of',
  gt: 'is greater than',
  lt: 'is less than',
  between: 'is between',
  exists: 'is present',
}

let drafted = 0
const draftKey = () => {
  drafted += 1
  return `draft-${drafted}`
}

/** The value a condition's text box shows, and back: lists and ranges are comma-separated. */
function valueText(condition: SegmentCondition): string {
  if (condition.operator === 'exists') return ''
  return Array.isArray(condition.value) ? condition.value.join(', ') : String(condition.value)
}
function withValue(attribute: string, operator: SegmentOperator, text: string): SegmentCondition {
  const word = (part: string) =>
    part.trim() !== '' && !Number.isNaN(Number(part)) ? Number(part) : part.trim()
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  switch (operator) {
    case 'exists':
      return { attribute, operator }
    case 'in':
      return { attribute, operator, value: parts.map(word) }
    case 'between':
      return { attribute, operator, value: [Number(parts[0] ?? 0), Number(parts[1] ?? 0)] }
    case 'gt':
    case 'lt':
      return { attribute, operator, value: Number(text) }
    case 'equals':
      return { attribute, operator, value: text === 'true' ? true : text === 'false' ? false : word(text) }
  }
}

function ConditionRow(props: {
  condition: SegmentCondition
  readOnly: boolean
  onChange: (next: SegmentCondition) => void
  onRemove: () => void
  label: string
}) {
  const { condition, readOnly } = props
  const id = useId()
  const custom = condition.attribute.startsWith('custom.')
  return (
    <fieldset className="rk-segment__condition" aria-label={props.label}>
      <label htmlFor={`${id}-attribute`}>Attribute</label>
      <input
        id={`${id}-attribute`}
        className="rk-input"
        list={`${id}-attributes`}
        value={condition.attribute}
        disabled={readOnly}
        onChange={(event) =>
          props.onChange(withValue(event.target.value, condition.operator, valueText(condition)))
        }
      />
      <datalist id={`${id}-attributes`}>
        {SEGMENT_ATTRIBUTES.map((name) => (
          <option key={name} value={name} />
        ))}
        <option value="custom.">custom attribute from the token</option>
      </datalist>
      <label htmlFor={`${id}-operator`}>Test</label>
      <select
        id={`${id}-operator`}
        className="rk-input rk-select"
        value={condition.operator}
        disabled={readOnly}
        onChange={(event) =>
          props.onChange(
            withValue(condition.attribute, event.target.value as SegmentOperator, valueText(condition)),
          )
        }
      >
        {SEGMENT_OPERATORS.map((operator) => (
          <option key={operator} value={operator}>
            {OPERATOR_LABELS[operator]}
          </option>
        ))}
      </select>
      {condition.operator === 'exists' ? null : (
        <>
          <label htmlFor={`${id}-value`}>Value</label>
          <input
            id={`${id}-value`}
            className="rk-input"
            value={valueText(condition)}
            disabled={readOnly}
            aria-describedby={custom ? `${id}-hint` : undefined}
            onChange={(event) =>
              props.onChange(withValue(condition.attribute, condition.operator, event.target.value))
            }
          />
        </>
      )}
      {custom ? (
        <span id={`${id}-hint`} className="rk-muted">
          Signed into the subscriber token as attributes.{condition.attribute.slice(7)}
        </span>
      ) : null}
      {readOnly ? null : (
        <button type="button" className="rk-button" onClick={props.onRemove}>
          Remove condition
        </button>
      )}
    </fieldset>
  )
}

function SegmentCard(props: {
  draft: Draft
  index: number
  count: number
  readOnly: boolean
  onChange: (next: Draft) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}) {
  const { draft, index, readOnly } = props
  const id = useId()
  const copy = draft.config_json.copy
  const setHeadline = (headline: string) =>
    props.onChange({
      ...draft,
      config_json: { ...draft.config_json, copy: { ...copy, general: { ...copy.general, headline } } },
    })
  const setConditions = (conditions: SegmentCondition[]) =>
    props.onChange({ ...draft, rule: { ...draft.rule, conditions } })
  return (
    <li className="rk-segment rk-settings__block" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {index + 1}. {draft.name || 'Unnamed segment'}
      </h3>
      <div className="rk-form-field">
        <label htmlFor={`${id}-name`}>Segment name</label>
        <input
          id={`${id}-name`}
          className="rk-input"
          value={draft.name}
          disabled={readOnly}
          onChange={(event) => props.onChange({ ...draft, name: event.target.value })}
        />
      </div>
      <label className="rk-checkbox">
        <input
          type="checkbox"
          checked={draft.enabled}
          disabled={readOnly}
          onChange={(event) => props.onChange({ ...draft, enabled: event.target.checked })}
        />{' '}
        Enabled
      </label>
      <div className="rk-form-field">
        <label htmlFor={`${id}-match`}>Subscribers match when</label>
        <select
          id={`${id}-match`}
          className="rk-input rk-select"
          value={draft.rule.match}
          disabled={readOnly}
          onChange={(event) =>
            props.onChange({ ...draft, rule: { ...draft.rule, match: event.target.value as 'all' | 'any' } })
          }
        >
          <option value="all">all conditions hold (AND)</option>
          <option value="any">any condition holds (OR)</option>
        </select>
      </div>
      {draft.rule.conditions.map((condition, position) => (
        <ConditionRow
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no identity but their place.
          key={position}
          label={`Condition ${position + 1}`}
          condition={condition}
          readOnly={readOnly}
          onChange={(next) =>
            setConditions(draft.rule.conditions.map((old, at) => (at === position ? next : old)))
          }
          onRemove={() => setConditions(draft.rule.conditions.filter((_, at) => at !== position))}
        />
      ))}
      {readOnly ? null : (
        <button
          type="button"
          className="rk-button"
          onClick={() =>
            setConditions([...draft.rule.conditions, { attribute: 'plan', operator: 'equals', value: '' }])
          }
        >
          Add condition
        </button>
      )}
      <div className="rk-form-field">
        <label htmlFor={`${id}-headline`}>This segment's flow: first headline</label>
        <input
          id={`${id}-headline`}
          className="rk-input"
          value={copy.general.headline}
          disabled={readOnly}
          onChange={(event) => setHeadline(event.target.value)}
        />
      </div>
      <label className="rk-checkbox">
        <input
          type="checkbox"
          checked={draft.config_json.discount.enabled}
          disabled={readOnly}
          onChange={(event) =>
            props.onChange({
              ...draft,
              config_json: {
                ...draft.config_json,
                discount: { ...draft.config_json.discount, enabled: event.target.checked },
              },
            })
          }
        />{' '}
        Offer the discount in this segment
      </label>
      {readOnly ? null : (
        <div className="rk-form__actions">
          <button type="button" className="rk-button" disabled={index === 0} onClick={() => props.onMove(-1)}>
            Move up
          </button>
          <button
            type="button"
            className="rk-button"
            disabled={index === props.count - 1}
            onClick={() => props.onMove(1)}
          >
            Move down
          </button>
          <button type="button" className="rk-button" onClick={props.onRemove}>
            Delete segment
          </button>
        </div>
      )}
    </li>
  )
}

const toDrafts = (segments: Loaded['segments']): Draft[] =>
  segments.map(({ id, name, enabled, rule, config_json, reasons }) => ({
    key: id,
    id,
    name,
    enabled,
    rule,
    config_json,
    ...(reasons ? { reasons } : {}),
  }))
const toInput = ({ key: _key, ...segment }: Draft): SegmentInput => segment

/**
 * Settings → Segments: audiences in matching order (the first that matches a subscriber wins; the
 * default flow catches the rest), each with its own flow, a preview as a sample subscriber and how
 * many of last month's sessions each would have caught. The server decides at session start.
 */
export function SegmentsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  const { state, reload } = useApiResource<Loaded>(async () => {
    const [segments, config] = await Promise.all([getSegments(accountId), getConfig(accountId)])
    if (segments.error) return segments
    if (config.error) return config
    return { data: { segments: segments.data.segments, config: config.data.config_json } }
  }, accountId)
  const [drafts, setDrafts] = useState<Draft[] | null>(null)
  const [saving, setSaving] = useState(false)
  if (state.status === 'loading') return <Spinner label="Loading segments..." />
  if (state.status === 'error')
    return <LoadError what="Your segments" error={state.error} onRetry={() => void reload()} />
  const list = drafts ?? toDrafts(state.data.segments)
  const update = (next: Draft[]) => setDrafts(next)
  const readOnly = !canEdit

  const save = async () => {
    setSaving(true)
    const result = await saveSegments(accountId, list.map(toInput))
    setSaving(false)
    if (result.error) {
      handleError(result.error, { where: 'settings.segments.save', toastTitle: 'Segments not saved' })
      return
    }
    setDrafts(toDrafts(result.data.segments))
    toast({
      title: 'Segments saved',
      description: 'New cancel sessions use them at once.',
      variant: 'success',
    })
  }

  return (
    <div className="rk-settings__stack rk-segments">
      <p className="rk-form__help">
        Segments give groups of subscribers their own flow. They are checked in order when a cancel session
        starts — the first that matches wins — from the subscriber's Stripe subscription and the attributes
        you sign into the subscriber token. Everyone else sees your default flow.
        {readOnly ? ' Your role can view segments but not change them.' : ''}
      </p>
      {list.length === 0 ? (
        <p className="rk-muted">No segments yet: every subscriber sees the default flow.</p>
      ) : null}
      {list.length === 0 ? null : (
        <ol className="rk-segments__list">
          {list.map((draft, index) => (
            <SegmentCard
              key={draft.key}
              draft={draft}
              index={index}
              count={list.length}
              readOnly={readOnly}
              onChange={(next) => update(list.map((old) => (old.key === draft.key ? next : old)))}
              onMove={(by) => {
                const next = [...list]
                const [moved] = next.splice(index, 1)
                if (moved) next.splice(index + by, 0, moved)
                update(next)
              }}
              onRemove={() => update(list.filter((old) => old.key !== draft.key))}
            />
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <div className="rk-form__actions">
          <button
            type="button"
            className="rk-button"
            onClick={() =>
              update([
                ...list,
                {
                  key: draftKey(),
                  name: `Segment ${list.length + 1}`,
                  enabled: true,
                  rule: {
                    match: 'all',
                    conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
                  },
                  config_json: structuredClone(state.data.config),
                },
              ])
            }
          >
            Add segment
          </button>
          <button
            type="button"
            className="rk-button rk-button--primary"
            disabled={saving}
            onClick={() => void save()}
          >
            {saving ? 'Saving…' : 'Save segments'}
          </button>
        </div>
      )}
      <SegmentPreview accountId={accountId} segments={list.map(toInput)} />
    </div>
  )
}
