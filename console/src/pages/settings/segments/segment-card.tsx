import type { SegmentRule } from '@retainkit/shared/schemas'
import { type ReactNode, useId } from 'react'
import type { SegmentInput } from '../../../lib/api'
import { ConditionBuilder } from './condition-builder'

export type SegmentDraft = SegmentInput & { key: string }

/**
 * One segment in the ordered list: its name, switch, conditions (with how many of last month's
 * sessions they would have caught, counted again as they change), its place, and the button opening
 * its flow in the flow editor, which `flowEditor` renders under the card when open.
 */
export function SegmentCard(props: {
  draft: SegmentDraft
  index: number
  count: number
  readOnly: boolean
  reach: string
  flowOpen: boolean
  flowEditor: ReactNode
  onChange: (next: SegmentDraft) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
  onToggleFlow: () => void
  onPreviewAsMember: () => void
}) {
  const { draft, index, readOnly } = props
  const id = useId()
  const title = draft.name || 'Unnamed segment'
  return (
    <li className="rk-segment rk-settings__block" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {index + 1}. {title}
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
      <ConditionBuilder
        rule={draft.rule as SegmentRule}
        disabled={readOnly}
        onChange={(rule) => props.onChange({ ...draft, rule })}
      />
      <p className="rk-segment__reach" aria-live="polite" data-testid="segment-reach">
        {props.reach}
      </p>
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--secondary"
          aria-expanded={props.flowOpen}
          aria-controls={`${id}-flow`}
          onClick={props.onToggleFlow}
        >
          {props.flowOpen
            ? `Close the flow of ${title}`
            : `${readOnly ? 'Show' : 'Edit'} the flow of ${title}`}
        </button>
        <button type="button" className="rk-button" onClick={props.onPreviewAsMember}>
          Preview as a subscriber of {title}
        </button>
        {readOnly ? null : (
          <>
            <button
              type="button"
              className="rk-button"
              disabled={index === 0}
              onClick={() => props.onMove(-1)}
            >
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
            <button type="button" className="rk-button rk-button--danger" onClick={props.onRemove}>
              Delete segment
            </button>
          </>
        )}
      </div>
      <div id={`${id}-flow`} hidden={!props.flowOpen}>
        {props.flowOpen ? props.flowEditor : null}
      </div>
    </li>
  )
}
