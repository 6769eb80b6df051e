import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import type { FlowScreen } from '@retainkit/shared/flow'
import type { SegmentRule, SubscriberFacts } from '@retainkit/shared/schemas'
import { firstMatchingSegment } from '@retainkit/shared/segment-match'
import { useId, useState } from 'react'
import type { PreviewVariant } from '../../../features/preview/preview-module'
import { SamplePreview } from '../../../features/preview/sample-preview'
import type { SegmentInput } from '../../../lib/api'
import { catalogCurrency, catalogOptions, moneyCodec } from './catalog-options'
import { CatalogCombobox, catalogNote, useSegmentCatalog } from './catalog-picker'
import { BILLING_INTERVALS, SUBSCRIPTION_STATUSES } from './condition-model'
import { CustomAttributesFields } from './custom-attributes-fields'
import { NumberBox } from './number-box'
import { type AttributeRow, attributesOf, rowsOf } from './sample-attributes'

/**
 * The sample subscriber's form: each fact the server reads from Stripe as text (empty: not known),
 * and the custom attributes as typed rows.
 */
export interface SampleValues {
  fields: Readonly<Record<string, string>>
  custom: readonly AttributeRow[]
}

export const EMPTY_SAMPLE: SampleValues = { fields: {}, custom: [] }

/**
 * Each fact of the sample subscriber: plans and products picked from the connected Stripe catalogue
 * (an id typed by hand still counts), MRR written as money in the account's currency and kept in
 * Stripe's minor units as the server compares it, the closed lists as choices.
 */
const FIELDS = [
  ['plan', 'Plan', 'plan'],
  ['product', 'Product', 'product'],
  ['billing_interval', 'Billing interval', BILLING_INTERVALS],
  ['tenure_days', 'Tenure in days', 'number'],
  ['mrr', 'MRR', 'money'],
  ['status', 'Subscription status', SUBSCRIPTION_STATUSES],
  ['country', 'Country (ISO code)', 'text'],
  ['state', 'State or region', 'text'],
] as const

type Field = (typeof FIELDS)[number]

/**
 * The form as the facts the server would match on: empty fields left out, and the custom attributes
 * the token could carry (`leftOut` counts the rows that could not be, so the preview says so).
 */
export function factsOf(values: SampleValues): { facts: SubscriberFacts; leftOut: number } {
  const facts: Record<string, unknown> = {}
  for (const [name, , type] of FIELDS) {
    const value = values.fields[name]?.trim()
    if (value) facts[name] = type === 'number' || type === 'money' ? Number(value) : value
  }
  const { attributes, leftOut } = attributesOf(values.custom)
  if (Object.keys(attributes).length > 0) facts.custom = attributes
  return { facts: facts as SubscriberFacts, leftOut }
}

/** Facts back to the form (to fill it with a subscriber of a chosen segment). */
export function valuesOf(
  facts: Record<string, unknown> & { custom?: Record<string, unknown> },
): SampleValues {
  const fields: Record<string, string> = {}
  for (const [name] of FIELDS) if (facts[name] !== undefined) fields[name] = String(facts[name])
  return { fields, custom: rowsOf(facts.custom ?? {}) }
}

export interface SamplePreviewPanelProps {
  segments: readonly SegmentInput[]
  defaultConfig: CancelFlowConfig
  accountReasons: readonly CancellationReason[]
  values: SampleValues
  onValuesChange: (values: SampleValues) => void
  screen: FlowScreen | undefined
  onScreenChange: (screen: FlowScreen) => void
  locale: string
}

/**
 * The flow a sample subscriber would get, live: the unsaved segments matched on the console with the
 * same shared rules the server applies at session start (first match wins, else the default flow),
 * and the real widget drawing the chosen flow — following every keystroke of the flow being edited.
 */
export function SamplePreviewPanel(props: SamplePreviewPanelProps) {
  const id = useId()
  const [variant, setVariant] = useState<PreviewVariant>('cancel')
  const { facts, leftOut } = factsOf(props.values)
  const matched = firstMatchingSegment(
    props.segments as readonly (SegmentInput & { rule: SegmentRule })[],
    facts,
  )
  const index = matched ? props.segments.indexOf(matched) : -1
  const config = matched ? (matched.config_json as CancelFlowConfig) : props.defaultConfig
  const reasons = (matched?.reasons as CancellationReason[] | null | undefined) ?? props.accountReasons
  const set = (name: string, value: string) =>
    props.onValuesChange({ ...props.values, fields: { ...props.values.fields, [name]: value } })
  return (
    <section className="rk-settings__block rk-segments__preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Preview as a sample subscriber</h3>
      <fieldset className="rk-segments__sample">
        <legend>Sample subscriber</legend>
        {FIELDS.map((field) => (
          <SampleField
            key={field[0]}
            field={field}
            value={props.values.fields[field[0]] ?? ''}
            onChange={(value) => set(field[0], value)}
          />
        ))}
        <CustomAttributesFields
          rows={props.values.custom}
          onChange={(custom) => props.onValuesChange({ ...props.values, custom })}
        />
      </fieldset>
      <p role="status" aria-live="polite" data-testid="sample-segment">
        This subscriber sees{' '}
        <strong>
          {index === -1 ? 'the default flow' : `segment ${index + 1}: ${props.segments[index]?.name ?? ''}`}
        </strong>
        .
        {leftOut > 0
          ? ` ${leftOut} ${leftOut === 1 ? 'attribute with a problem is' : 'attributes with a problem are'} left out.`
          : ''}
      </p>
      <SamplePreview
        config={config}
        reasons={reasons}
        screen={props.screen}
        onScreenChange={props.onScreenChange}
        variant={variant}
        onVariantChange={setVariant}
        locale={props.locale}
        frame={(widget) => <div className="rk-device rk-device--desktop">{widget}</div>}
      />
    </section>
  )
}

/** One fact's control, its value kept as the text the facts are read from (MRR: minor units). */
function SampleField({
  field: [, label, type],
  value,
  onChange,
}: {
  field: Field
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const catalog = useSegmentCatalog()
  const plans = catalog?.status === 'ready' ? catalog.plans : null
  if (type === 'plan' || type === 'product') {
    const options = plans ? catalogOptions(type, plans) : null
    const note = catalogNote(catalog, type === 'plan' ? 'price' : 'product', [value], options)
    return (
      <div className="rk-form-field rk-segments__sample-wide">
        <CatalogCombobox
          label={label}
          options={options ?? []}
          value={value}
          disabled={false}
          describedBy={note ? `${id}-note` : undefined}
          onChange={onChange}
        />
        {note ? (
          <span id={`${id}-note`} className="rk-field__hint" data-testid="catalog-note">
            {note}
          </span>
        ) : null}
      </div>
    )
  }
  if (type === 'money') {
    const currency = catalogCurrency(plans)
    return (
      <div className="rk-form-field">
        <NumberBox
          label={`${label} in ${currency.toUpperCase()}`}
          value={value === '' ? null : Number(value)}
          codec={moneyCodec(currency)}
          disabled={false}
          describedBy={undefined}
          onChange={(minor) => onChange(String(minor))}
          onClear={() => onChange('')}
        />
      </div>
    )
  }
  return (
    <div className="rk-form-field">
      <label htmlFor={id}>{label}</label>
      {typeof type === 'string' ? (
        <input
          id={id}
          className="rk-input"
          inputMode={type === 'number' ? 'numeric' : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <select
          id={id}
          className="rk-input rk-select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">(not known)</option>
          {type.map((option) => (
            <option key={option} value={option}>
              {option.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      )}
    </div>
  )
}
