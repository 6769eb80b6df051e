import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { useCallback, useMemo, useRef, useState } from 'react'
import { CheckboxField } from '../../../features/forms/choice-fields'
import { ReasonsForm } from '../../../features/reasons/reasons-form'
import {
  type DraftReason,
  fromDraft,
  toDraft,
  validateReasons,
} from '../../../features/reasons/reasons-model'
import { setAt } from '../../editor/config-path'
import { validateConfig } from '../../editor/editor-draft'
import { CopySection } from '../../editor/sections/copy-section'
import { FlowSection } from '../../editor/sections/flow-section'
import { LanguagesSection } from '../../editor/sections/languages-section'
import { OffersSection } from '../../editor/sections/offers-section'
import { ReasonOrderField } from '../../editor/sections/reason-order-field'
import { EditorSection } from '../../editor/sections/section'
import type { StripePlansState } from '../../editor/use-stripe-plans'

export interface SegmentFlowEditorProps {
  accountId: string
  /** Names the flow: "Flow of Annual", "Flow of Arm B". */
  title: string
  config: CancelFlowConfig
  /** The segment's own reasons; null when it uses the account's. */
  reasons: CancellationReason[] | null
  accountReasons: readonly CancellationReason[]
  disabled: boolean
  stripePlans: StripePlansState
  onConfigChange: (config: CancelFlowConfig) => void
  /** Absent where a flow cannot carry its own reasons (an experiment's arm): only their order is edited. */
  onReasonsChange?: ((reasons: CancellationReason[] | null) => void) | undefined
  /** Jumps the preview to the screen being edited. */
  onShowScreen: (screen: FlowScreen) => void
  /** The language being edited, which the preview speaks. */
  locale: string
  onLocaleChange: (locale: string) => void
}

/**
 * One segment's (or experiment arm's) flow, edited with the default flow's own editor sections (copy of every screen, the
 * flow's steps, reasons and their order, every offer with its settings, languages): the segment's
 * `config_json` stands where the editor's draft does, so the same inline validation from the shared
 * schema shows while typing. Saving is the segments list's one save.
 */
export function SegmentFlowEditor(props: SegmentFlowEditorProps) {
  const { config, disabled, onConfigChange } = props
  const errors = useMemo(() => validateConfig(config), [config])
  // One `set` for the editor's life, as the editor's own is: the sections are memoised on their slice
  // of the config and their callbacks, and a new `set` per keystroke would redraw all of them.
  const latest = useRef({ config, onConfigChange })
  latest.current = { config, onConfigChange }
  const set = useCallback((path: string, value: unknown) => {
    const next = setAt(latest.current.config, path, value)
    latest.current.config = next
    latest.current.onConfigChange(next)
  }, [])
  // The rows keep an identity per reason while keys are typed; made once per opened segment.
  const [rows, setRows] = useState<readonly DraftReason[]>(() =>
    toDraft(props.reasons ?? props.accountReasons),
  )
  const own = props.reasons !== null
  const reasonErrors = useMemo(() => (own ? validateReasons(fromDraft(rows)) : {}), [own, rows])
  const shownReasons = props.reasons ?? props.accountReasons
  const sectionProps = { draft: config, errors, set, disabled }
  return (
    <section className="rk-segment-flow" aria-labelledby="segment-flow-title">
      <h4 id="segment-flow-title">Flow of {props.title}</h4>
      <EditorSection
        id="segment-flow-copy"
        title="Copy"
        description="The words on every screen of this segment's flow."
      >
        <CopySection {...sectionProps} onShowScreen={props.onShowScreen} />
      </EditorSection>
      <EditorSection id="segment-flow-reasons" title="Cancellation reasons">
        {props.onReasonsChange ? (
          <CheckboxField
            id="segment-flow-own-reasons"
            label="Give this segment its own reasons"
            hint="Otherwise it lists the account's reasons."
            checked={own}
            disabled={disabled}
            onChange={(on) => props.onReasonsChange?.(on ? fromDraft(rows) : null)}
          />
        ) : null}
        {own ? (
          <ReasonsForm
            rows={rows}
            errors={reasonErrors}
            disabled={disabled}
            onChange={(next) => {
              setRows(next)
              props.onReasonsChange?.(fromDraft(next))
            }}
          />
        ) : null}
        <ReasonOrderField
          order={config.copy.cancel_reasons}
          reasons={shownReasons}
          errors={errors}
          set={set}
          disabled={disabled}
        />
      </EditorSection>
      <EditorSection id="segment-flow-offers" title="Save offers">
        <OffersSection
          {...sectionProps}
          accountId={props.accountId}
          stripePlans={props.stripePlans}
          onShowScreen={props.onShowScreen}
        />
      </EditorSection>
      <EditorSection id="segment-flow-steps" title="Flow">
        <FlowSection {...sectionProps} />
      </EditorSection>
      <EditorSection id="segment-flow-languages" title="Languages">
        <LanguagesSection
          {...sectionProps}
          reasons={shownReasons}
          locale={props.locale}
          onLocaleChange={props.onLocaleChange}
        />
      </EditorSection>
    </section>
  )
}
