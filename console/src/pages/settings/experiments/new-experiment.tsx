import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { type FormEvent, useId, useState } from 'react'
import { jsonEqual } from '../../editor/config-path'
import { type Arm, ArmsEditor, armsAsSent, newArm } from './arm-item'
import { ProblemsSummary, useStartExperiment } from './start-experiment'
import { type ReportDirty, useReportDirty } from './use-dirty-parts'

type Segments = ApiData<'GET /api/account?action=segments'>['segments']

/**
 * Starting an experiment: its audience (a segment, or the default flow's subscribers), 2-4 arms each
 * with a name, a weight and its own flow — a copy of the audience's flow edited with the editor's
 * sections, so an arm can differ in its copy, in one offer or in all of it — an optional holdout that
 * sees no offers, and fixed or automatic allocation. Checked with the shared schema before sending.
 */
export function NewExperiment(props: {
  accountId: string
  segments: Segments
  defaultConfig: CancelFlowConfig
  accountReasons: readonly CancellationReason[]
  onStarted: () => Promise<void>
  reportDirty: ReportDirty
}) {
  const id = useId()
  const [name, setName] = useState('')
  const [audience, setAudience] = useState('')
  const baseOf = (segmentId: string) =>
    (props.segments.find((segment) => segment.id === segmentId)?.config_json as
      | CancelFlowConfig
      | undefined) ?? props.defaultConfig
  // The arms the form opened with: the form holds edits while anything differs from its first state.
  const [firstArms] = useState<Arm[]>(() => [0, 1].map((index) => newArm(index, props.defaultConfig)))
  const [arms, setArms] = useState<Arm[]>(firstArms)
  const [holdout, setHoldout] = useState(0)
  const [allocation, setAllocation] = useState<Allocation>('fixed')
  const starter = useStartExperiment(props.accountId, props.onStarted)
  const reasons =
    (props.segments.find((segment) => segment.id === audience)?.reasons as CancellationReason[] | null) ??
    props.accountReasons
  useReportDirty(
    props.reportDirty,
    'new-experiment',
    name !== '' ||
      audience !== '' ||
      holdout !== 0 ||
      allocation !== 'fixed' ||
      !jsonEqual(armsAsSent(arms), armsAsSent(firstArms)),
  )

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void starter.start({
      name,
      segment_id: audience === '' ? null : audience,
      allocation,
      holdout_percent: holdout,
      arms: arms.map((arm) => ({ name: arm.name, weight: arm.weight, config_json: arm.config })),
    })
  }

  return (
    <form
      className="rk-form rk-settings__block"
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`}>Start an experiment</h3>
      {starter.problems ? (
        <ProblemsSummary ref={starter.alertRef} id={`${id}-problems`} problems={starter.problems} />
      ) : null}
      <div className="rk-form-field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className="rk-input"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <AudienceField
        formId={id}
        audience={audience}
        segments={props.segments}
        onChange={(next) => {
          setAudience(next)
          // The arms are variants of the audience's flow: they start again from it.
          setArms(arms.map((arm) => ({ ...arm, config: structuredClone(baseOf(next)) })))
        }}
      />
      <ArmsEditor
        formId={id}
        accountId={props.accountId}
        arms={arms}
        onArmsChange={setArms}
        reasons={reasons}
        newArmConfig={() => baseOf(audience)}
      />
      <HoldoutAllocation
        formId={id}
        holdout={holdout}
        onHoldout={setHoldout}
        allocation={allocation}
        onAllocation={setAllocation}
      />
      <div className="rk-form__actions">
        <button type="submit" className="rk-button rk-button--primary" disabled={starter.busy}>
          {starter.busy ? 'Starting…' : 'Start experiment'}
        </button>
      </div>
    </form>
  )
}

type Allocation = 'fixed' | 'thompson'

function HoldoutAllocation(props: {
  formId: string
  holdout: number
  onHoldout(holdout: number): void
  allocation: Allocation
  onAllocation(allocation: Allocation): void
}) {
  const { formId: id, holdout, allocation } = props
  return (
    <>
      <div className="rk-form-field">
        <label htmlFor={`${id}-holdout`}>Holdout: percent of customers who see no offers (0–50)</label>
        <input
          id={`${id}-holdout`}
          className="rk-input"
          type="number"
          min={0}
          max={50}
          value={Number.isNaN(holdout) ? '' : holdout}
          onChange={(event) => props.onHoldout(event.target.valueAsNumber)}
        />
      </div>
      <div className="rk-form-field">
        <label htmlFor={`${id}-allocation`}>Allocation</label>
        <select
          id={`${id}-allocation`}
          className="rk-input rk-select"
          value={allocation}
          onChange={(event) => props.onAllocation(event.target.value as Allocation)}
        >
          <option value="fixed">Fixed weights</option>
          <option value="thompson">Automatic: more customers to the better arm (Thompson sampling)</option>
        </select>
      </div>
    </>
  )
}

function AudienceField(props: {
  formId: string
  audience: string
  segments: Segments
  onChange(audience: string): void
}) {
  const { formId: id, audience } = props
  return (
    <div className="rk-form-field">
      <label htmlFor={`${id}-audience`}>Audience</label>
      <select
        id={`${id}-audience`}
        className="rk-input rk-select"
        value={audience}
        aria-describedby={`${id}-audience-hint`}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">Subscribers of the default flow</option>
        {props.segments.map((segment) => (
          <option key={segment.id} value={segment.id}>
            Segment: {segment.name}
          </option>
        ))}
      </select>
      <p id={`${id}-audience-hint`} className="rk-field__hint">
        Changing the audience starts every arm again from that audience's flow.
      </p>
    </div>
  )
}
