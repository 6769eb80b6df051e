import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languagesOf } from '@retainkit/shared/i18n'
import { experimentCreateSchema } from '@retainkit/shared/schemas'
import { type FormEvent, useId, useRef, useState } from 'react'
import type { PreviewVariant } from '../../../features/preview/preview-module'
import { SamplePreview } from '../../../features/preview/sample-preview'
import { createExperiment, type ExperimentCreateInput } from '../../../lib/api'
import { userMessageOf } from '../../../lib/error-handler'
import { toast } from '../../../lib/toast-store'
import { jsonEqual } from '../../editor/config-path'
import { useStripePlans } from '../../editor/use-stripe-plans'
import { SegmentFlowEditor } from '../segments/segment-flow-editor'
import { type ReportDirty, useReportDirty } from './use-dirty-parts'

type Segments = ApiData<'GET /api/account?action=segments'>['segments']
type Arm = { key: number; name: string; weight: number; config: CancelFlowConfig }

const MIN_ARMS = 2
const MAX_ARMS = 4
const letter = (index: number) => String.fromCharCode(65 + index)

/** An arm as it is sent: its list key is only the form's. */
const armsAsSent = (arms: readonly Arm[]) => arms.map(({ key: _key, ...arm }) => arm)

let armsMade = 0
const newArm = (index: number, config: CancelFlowConfig): Arm => {
  armsMade += 1
  return { key: armsMade, name: `Arm ${letter(index)}`, weight: 50, config: structuredClone(config) }
}

/** `arms.1.config_json.copy.general.headline` → "Arm 2, config json › copy › general › headline". */
const placeOf = (field: string) =>
  field
    .split('.')
    .map((part, index, parts) =>
      /^\d+$/.test(part) && parts[index - 1] === 'arms' ? String(Number(part) + 1) : part.replace(/_/g, ' '),
    )
    .join(' › ')

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
  const [allocation, setAllocation] = useState<'fixed' | 'thompson'>('fixed')
  const [openArm, setOpenArm] = useState<number | null>(null)
  const [locale, setLocale] = useState<string | null>(null)
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const [problems, setProblems] = useState<{ message: string; list: string[] } | null>(null)
  const [busy, setBusy] = useState(false)
  const alertRef = useRef<HTMLDivElement>(null)
  const stripePlans = useStripePlans(props.accountId, openArm !== null)
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
  const setArm = (key: number, patch: Partial<Arm>) =>
    setArms((current) => current.map((arm) => (arm.key === key ? { ...arm, ...patch } : arm)))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblems(null)
    const input: ExperimentCreateInput = {
      name,
      segment_id: audience === '' ? null : audience,
      allocation,
      holdout_percent: holdout,
      arms: arms.map((arm) => ({ name: arm.name, weight: arm.weight, config_json: arm.config })),
    }
    const refuse = (message: string, list: string[]) => {
      setProblems({ message, list })
      requestAnimationFrame(() => alertRef.current?.focus())
    }
    const checked = experimentCreateSchema.safeParse(input)
    if (!checked.success) {
      refuse(
        'Fix these before starting:',
        checked.error.issues.map(
          (issue) => `${placeOf(issue.path.join('.')) || 'Experiment'}: ${issue.message}`,
        ),
      )
      return
    }
    setBusy(true)
    const result = await createExperiment(props.accountId, input)
    setBusy(false)
    if (result.error) {
      refuse(
        userMessageOf(result.error),
        (result.error.issues ?? []).map((issue) => `${placeOf(issue.field ?? '')}: ${issue.message}`),
      )
      return
    }
    toast({ title: 'Experiment started', variant: 'success' })
    await props.onStarted()
  }

  return (
    <form
      className="rk-form rk-settings__block"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`}>Start an experiment</h3>
      {problems ? (
        <div
          className="rk-error-summary"
          role="alert"
          tabIndex={-1}
          ref={alertRef}
          aria-labelledby={`${id}-problems`}
        >
          <h4 id={`${id}-problems`}>Experiment not started</h4>
          <p>{problems.message}</p>
          {problems.list.length > 0 ? (
            <ul>
              {problems.list.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </div>
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
      <div className="rk-form-field">
        <label htmlFor={`${id}-audience`}>Audience</label>
        <select
          id={`${id}-audience`}
          className="rk-input rk-select"
          value={audience}
          aria-describedby={`${id}-audience-hint`}
          onChange={(event) => {
            setAudience(event.target.value)
            // The arms are variants of the audience's flow: they start again from it.
            setArms(arms.map((arm) => ({ ...arm, config: structuredClone(baseOf(event.target.value)) })))
          }}
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
      <ol className="rk-segments__list">
        {arms.map((arm, index) => (
          <li key={arm.key} className="rk-settings__block" aria-label={arm.name || `Arm ${letter(index)}`}>
            <div className="rk-grid-2">
              <div className="rk-form-field">
                <label htmlFor={`${id}-arm-${arm.key}-name`}>Arm {letter(index)}: name</label>
                <input
                  id={`${id}-arm-${arm.key}-name`}
                  className="rk-input"
                  value={arm.name}
                  onChange={(event) => setArm(arm.key, { name: event.target.value })}
                />
              </div>
              <div className="rk-form-field">
                <label htmlFor={`${id}-arm-${arm.key}-weight`}>Arm {letter(index)}: weight (0–100)</label>
                <input
                  id={`${id}-arm-${arm.key}-weight`}
                  className="rk-input"
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  value={Number.isNaN(arm.weight) ? '' : arm.weight}
                  onChange={(event) => setArm(arm.key, { weight: event.target.valueAsNumber })}
                />
              </div>
            </div>
            <div className="rk-form__actions">
              <button
                type="button"
                className="rk-button rk-button--secondary"
                aria-expanded={openArm === arm.key}
                onClick={() => {
                  setOpenArm(openArm === arm.key ? null : arm.key)
                  setLocale(null)
                }}
              >
                {openArm === arm.key ? `Close the flow of ${arm.name}` : `Edit the flow of ${arm.name}`}
              </button>
              <button
                type="button"
                className="rk-button"
                disabled={arms.length <= MIN_ARMS}
                onClick={() => setArms(arms.filter((other) => other.key !== arm.key))}
              >
                Remove {arm.name || `arm ${letter(index)}`}
              </button>
            </div>
            {openArm === arm.key ? (
              <SegmentFlowEditor
                accountId={props.accountId}
                title={arm.name}
                config={arm.config}
                reasons={null}
                accountReasons={reasons}
                disabled={false}
                stripePlans={stripePlans}
                onConfigChange={(config) => setArm(arm.key, { config })}
                onShowScreen={setScreen}
                locale={locale ?? languagesOf(arm.config).default}
                onLocaleChange={setLocale}
              />
            ) : null}
            {openArm === arm.key ? (
              <section className="rk-settings__block" aria-label={`Preview of ${arm.name}`}>
                <SamplePreview
                  config={arm.config}
                  reasons={reasons}
                  screen={screen}
                  onScreenChange={setScreen}
                  variant={variant}
                  onVariantChange={setVariant}
                  locale={locale ?? languagesOf(arm.config).default}
                  frame={(widget) => <div className="rk-device rk-device--desktop">{widget}</div>}
                />
              </section>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button"
          disabled={arms.length >= MAX_ARMS}
          onClick={() => setArms([...arms, newArm(arms.length, baseOf(audience))])}
        >
          Add arm
        </button>
      </div>
      <div className="rk-form-field">
        <label htmlFor={`${id}-holdout`}>Holdout: percent of customers who see no offers (0–50)</label>
        <input
          id={`${id}-holdout`}
          className="rk-input"
          type="number"
          min={0}
          max={50}
          value={Number.isNaN(holdout) ? '' : holdout}
          onChange={(event) => setHoldout(event.target.valueAsNumber)}
        />
      </div>
      <div className="rk-form-field">
        <label htmlFor={`${id}-allocation`}>Allocation</label>
        <select
          id={`${id}-allocation`}
          className="rk-input rk-select"
          value={allocation}
          onChange={(event) => setAllocation(event.target.value as 'fixed' | 'thompson')}
        >
          <option value="fixed">Fixed weights</option>
          <option value="thompson">Automatic: more customers to the better arm (Thompson sampling)</option>
        </select>
      </div>
      <div className="rk-form__actions">
        <button type="submit" className="rk-button rk-button--primary" disabled={busy}>
          {busy ? 'Starting…' : 'Start experiment'}
        </button>
      </div>
    </form>
  )
}
