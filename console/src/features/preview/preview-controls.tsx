import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import { OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { useEffect, useId, useState } from 'react'
import { loadPreviewModule, type PreviewScreenOption, type PreviewVariant } from './preview-module'
import { screenKey, screenLabel } from './preview-screens'

export const PREVIEW_DEVICES = ['desktop', 'mobile'] as const
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number]

const DEVICE_LABELS: Readonly<Record<PreviewDevice, string>> = { desktop: 'Desktop', mobile: 'Mobile' }
const VARIANT_LABELS: Readonly<Record<PreviewVariant, string>> = {
  cancel: 'Cancel flow',
  banner: 'Reactivation banner',
}

/** Every offer counts as eligible in a preview: the merchant wants to see them all. */
export const PREVIEW_ELIGIBLE_OFFERS = OFFER_TYPES

/** A sample subscriber so `{plan_name}` and `{period_end}` read naturally in the preview. */
export function sampleSubscriber(now: Date = new Date()) {
  const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()))
  return {
    planId: 'price_preview_current',
    planName: 'Pro monthly',
    periodEnd: periodEnd.toISOString(),
    currency: 'usd',
  }
}

/** The screens the step switcher offers: the widget's own list (PREVIEW_SCREENS) for this config. */
export function usePreviewScreens(
  config: CancelFlowConfig,
  reasons: readonly CancellationReason[],
): readonly PreviewScreenOption[] {
  const [screens, setScreens] = useState<readonly PreviewScreenOption[]>([])
  useEffect(() => {
    let live = true
    loadPreviewModule().then(
      (module) => {
        if (live) setScreens(module.PREVIEW_SCREENS(config, reasons))
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [config, reasons])
  return screens
}

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  options,
  labels,
  onChange,
}: {
  legend: string
  name: string
  value: T
  options: readonly T[]
  labels: Readonly<Record<T, string>>
  onChange: (value: T) => void
}) {
  return (
    <fieldset className="rk-segmented">
      <legend className="rk-visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option} className={`rk-segmented__option${option === value ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={option === value}
            onChange={() => onChange(option)}
          />
          {labels[option]}
        </label>
      ))}
    </fieldset>
  )
}

export interface PreviewControlsProps {
  screens: readonly PreviewScreenOption[]
  screen: FlowScreen | undefined
  onScreenChange: (screen: FlowScreen) => void
  variant: PreviewVariant
  onVariantChange: (variant: PreviewVariant) => void
  device?: PreviewDevice
  onDeviceChange?: (device: PreviewDevice) => void
}

/** Step switcher, cancel flow / banner toggle and (in the editor) desktop / mobile frames. */
export function PreviewControls(props: PreviewControlsProps) {
  const { screens, screen, onScreenChange, variant, onVariantChange, device, onDeviceChange } = props
  const id = useId()
  const first = screens[0]
  const selectedKey = screen ? screenKey(screen) : first ? screenKey(first.screen) : ''
  const listed = screens.some((option) => screenKey(option.screen) === selectedKey)
  return (
    <div className="rk-preview-controls">
      <RadioGroup
        legend="What to preview"
        name={`${id}-variant`}
        value={variant}
        options={['cancel', 'banner'] as const}
        labels={VARIANT_LABELS}
        onChange={onVariantChange}
      />
      {variant === 'cancel' ? (
        <div className="rk-inline-form">
          <label htmlFor={`${id}-screen`}>Screen</label>
          <select
            id={`${id}-screen`}
            className="rk-input rk-select"
            value={selectedKey}
            disabled={screens.length === 0}
            onChange={(event) => {
              const next = screens.find((option) => screenKey(option.screen) === event.target.value)
              if (next) onScreenChange(next.screen)
            }}
          >
            {screen && !listed ? <option value={selectedKey}>{screenLabel(screen)}</option> : null}
            {screens.map((option) => (
              <option key={screenKey(option.screen)} value={screenKey(option.screen)}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {device && onDeviceChange ? (
        <RadioGroup
          legend="Device frame"
          name={`${id}-device`}
          value={device}
          options={PREVIEW_DEVICES}
          labels={DEVICE_LABELS}
          onChange={onDeviceChange}
        />
      ) : null}
    </div>
  )
}
