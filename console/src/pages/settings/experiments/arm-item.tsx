import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { languagesOf } from '@retainkit/shared/i18n'
import { type Dispatch, type SetStateAction, useState } from 'react'
import type { PreviewVariant } from '../../../features/preview/preview-module'
import { SamplePreview } from '../../../features/preview/sample-preview'
import { useStripePlans } from '../../editor/use-stripe-plans'
import { SegmentFlowEditor } from '../segments/segment-flow-editor'

const MIN_ARMS = 2
const MAX_ARMS = 4

export type Arm = { key: number; name: string; weight: number; config: CancelFlowConfig }

export const letter = (index: number) => String.fromCharCode(65 + index)

/** An arm as it is sent: its list key is only the form's. */
export const armsAsSent = (arms: readonly Arm[]) => arms.map(({ key: _key, ...arm }) => arm)

let armsMade = 0
export const newArm = (index: number, config: CancelFlowConfig): Arm => {
  armsMade += 1
  return { key: armsMade, name: `Arm ${letter(index)}`, weight: 50, config: structuredClone(config) }
}

/**
 * The experiment's 2-4 arms, each opened one at a time in the editor's sections with its preview (the
 * same screen, banner and language kept while moving from arm to arm), removed, or added from the
 * audience's flow.
 */
export function ArmsEditor(props: {
  formId: string
  accountId: string
  arms: Arm[]
  onArmsChange: Dispatch<SetStateAction<Arm[]>>
  reasons: readonly CancellationReason[]
  /** The flow a new arm starts from: the audience's. */
  newArmConfig(): CancelFlowConfig
}) {
  const { formId: id, arms } = props
  const [openArm, setOpenArm] = useState<number | null>(null)
  const [locale, setLocale] = useState<string | null>(null)
  const [screen, setScreen] = useState<FlowScreen | undefined>(undefined)
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const preview = { locale, setLocale, screen, setScreen, variant, setVariant }
  const stripePlans = useStripePlans(props.accountId, openArm !== null)
  const setArm = (key: number, patch: Partial<Arm>) =>
    props.onArmsChange((current) => current.map((arm) => (arm.key === key ? { ...arm, ...patch } : arm)))
  return (
    <>
      <ol className="rk-segments__list">
        {arms.map((arm, index) => (
          <ArmItem
            key={arm.key}
            formId={id}
            arm={arm}
            index={index}
            accountId={props.accountId}
            reasons={props.reasons}
            stripePlans={stripePlans}
            open={openArm === arm.key}
            onToggle={() => {
              setOpenArm(openArm === arm.key ? null : arm.key)
              setLocale(null)
            }}
            canRemove={arms.length > MIN_ARMS}
            onRemove={() => props.onArmsChange(arms.filter((other) => other.key !== arm.key))}
            onChange={(patch) => setArm(arm.key, patch)}
            preview={preview}
          />
        ))}
      </ol>
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button"
          disabled={arms.length >= MAX_ARMS}
          onClick={() => props.onArmsChange([...arms, newArm(arms.length, props.newArmConfig())])}
        >
          Add arm
        </button>
      </div>
    </>
  )
}

/** The arms' shared preview: which screen or banner, in which language (null: the arm's default). */
export interface ArmPreview {
  locale: string | null
  setLocale(locale: string | null): void
  screen: FlowScreen | undefined
  setScreen(screen: FlowScreen | undefined): void
  variant: PreviewVariant
  setVariant(variant: PreviewVariant): void
}

interface ArmItemProps {
  formId: string
  arm: Arm
  index: number
  accountId: string
  reasons: readonly CancellationReason[]
  stripePlans: ReturnType<typeof useStripePlans>
  open: boolean
  onToggle(): void
  canRemove: boolean
  onRemove(): void
  onChange(patch: Partial<Arm>): void
  preview: ArmPreview
}

/** One arm: its name and weight, and when opened its own flow in the editor's sections with a preview. */
export function ArmItem({ formId: id, arm, index, open, preview, ...props }: ArmItemProps) {
  const locale = preview.locale ?? languagesOf(arm.config).default
  return (
    <li className="rk-settings__block" aria-label={arm.name || `Arm ${letter(index)}`}>
      <ArmNameWeight formId={id} arm={arm} index={index} onChange={props.onChange} />
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button rk-button--secondary"
          aria-expanded={open}
          onClick={props.onToggle}
        >
          {open ? `Close the flow of ${arm.name}` : `Edit the flow of ${arm.name}`}
        </button>
        <button type="button" className="rk-button" disabled={!props.canRemove} onClick={props.onRemove}>
          Remove {arm.name || `arm ${letter(index)}`}
        </button>
      </div>
      {open ? (
        <SegmentFlowEditor
          accountId={props.accountId}
          title={arm.name}
          config={arm.config}
          reasons={null}
          accountReasons={props.reasons}
          disabled={false}
          stripePlans={props.stripePlans}
          onConfigChange={(config) => props.onChange({ config })}
          onShowScreen={preview.setScreen}
          locale={locale}
          onLocaleChange={preview.setLocale}
        />
      ) : null}
      {open ? (
        <section className="rk-settings__block" aria-label={`Preview of ${arm.name}`}>
          <SamplePreview
            config={arm.config}
            reasons={props.reasons}
            screen={preview.screen}
            onScreenChange={preview.setScreen}
            variant={preview.variant}
            onVariantChange={preview.setVariant}
            locale={locale}
            frame={(widget) => <div className="rk-device rk-device--desktop">{widget}</div>}
          />
        </section>
      ) : null}
    </li>
  )
}

function ArmNameWeight(props: {
  formId: string
  arm: Arm
  index: number
  onChange(patch: Partial<Arm>): void
}) {
  const { formId: id, arm, index, onChange } = props
  return (
    <div className="rk-grid-2">
      <div className="rk-form-field">
        <label htmlFor={`${id}-arm-${arm.key}-name`}>Arm {letter(index)}: name</label>
        <input
          id={`${id}-arm-${arm.key}-name`}
          className="rk-input"
          value={arm.name}
          onChange={(event) => onChange({ name: event.target.value })}
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
          onChange={(event) => onChange({ weight: event.target.valueAsNumber })}
        />
      </div>
    </div>
  )
}
