import { DEFAULT_CANCELLATION_FLOW } from '@retainkit/shared/flow'
import { FLOW_STEPS, type FlowStep } from '@retainkit/shared/vocabulary'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { STEP_LABELS } from '../../../features/labels'
import { fieldId } from '../../../features/validation/field-errors'
import { memoSection, type SectionProps } from './section'

const STEP_HINTS: Readonly<Record<FlowStep, string>> = {
  reason: 'Subscribers pick one of your cancellation reasons.',
  feedback: 'A text box for written feedback, worded per reason.',
  offer: 'The save offer mapped to the chosen reason, when it applies.',
  confirm: 'A last screen that confirms before cancelling.',
}

/**
 * Which steps the flow has. The widget always runs them in the fixed order below (reason, feedback,
 * offer, confirm), so this is an ordered checklist rather than a sortable list.
 */
function FlowSectionView({ draft, errors, set, disabled }: SectionProps) {
  const flow = draft.cancellation_flow ?? {
    steps: [...DEFAULT_CANCELLATION_FLOW.steps],
    require_reason: DEFAULT_CANCELLATION_FLOW.require_reason,
    collect_feedback: DEFAULT_CANCELLATION_FLOW.collect_feedback,
  }
  const write = (patch: Partial<typeof flow>) => set('cancellation_flow', { ...flow, ...patch })
  const toggleStep = (step: FlowStep, on: boolean) => {
    const chosen = new Set(flow.steps)
    if (on) chosen.add(step)
    else chosen.delete(step)
    write({ steps: FLOW_STEPS.filter((candidate) => chosen.has(candidate)) })
  }
  const stepsError = errors['cancellation_flow.steps']
  return (
    <div className="rk-flow">
      <fieldset
        id={fieldId('editor', 'cancellation_flow.steps')}
        tabIndex={-1}
        disabled={disabled}
        aria-describedby={stepsError ? 'flow-steps-error' : undefined}
      >
        <legend>Steps, in the order subscribers see them</legend>
        <ol className="rk-steps">
          {FLOW_STEPS.map((step) => (
            <li key={step}>
              <CheckboxField
                id={fieldId('editor', `cancellation_flow.steps.${step}`)}
                label={STEP_LABELS[step]}
                hint={STEP_HINTS[step]}
                checked={flow.steps.includes(step)}
                onChange={(on) => toggleStep(step, on)}
              />
            </li>
          ))}
        </ol>
        {stepsError ? (
          <p className="rk-field__error" id="flow-steps-error">
            {stepsError}
          </p>
        ) : null}
      </fieldset>
      <CheckboxField
        id={fieldId('editor', 'cancellation_flow.require_reason')}
        label="Require a reason before continuing"
        checked={flow.require_reason}
        disabled={disabled}
        onChange={(value) => write({ require_reason: value })}
      />
      <CheckboxField
        id={fieldId('editor', 'cancellation_flow.collect_feedback')}
        label="Collect written feedback"
        checked={flow.collect_feedback}
        disabled={disabled}
        onChange={(value) => write({ collect_feedback: value })}
      />
    </div>
  )
}

export const FlowSection = memoSection(FlowSectionView, ['cancellation_flow'])
