import type { ApiData } from '@retainkit/shared/api'
import { type FormEvent, useId, useState } from 'react'
import { sampleSubscriber } from '../../features/preview/preview-controls'
import { WidgetPreview } from '../../features/preview/widget-preview'
import { previewSegments, type SegmentInput, type SubscriberFactsInput } from '../../lib/api'
import { handleError } from '../../lib/error-handler'

type Preview = ApiData<'POST /api/account?action=segment-preview'>

const SAMPLE_FIELDS = [
  ['plan', 'Plan (Stripe price id)', 'text'],
  ['billing_interval', 'Billing interval (day, week, month, year)', 'text'],
  ['tenure_days', 'Tenure in days', 'number'],
  ['mrr', 'MRR in cents', 'number'],
  ['status', 'Subscription status', 'text'],
  ['country', 'Country (ISO code)', 'text'],
] as const

/** The sample form's text as the facts the server matches on; empty fields are left out. */
function factsOf(values: Record<string, string>, custom: string): SubscriberFactsInput {
  const facts: Record<string, unknown> = {}
  for (const [name, , type] of SAMPLE_FIELDS) {
    const value = values[name]?.trim()
    if (value) facts[name] = type === 'number' ? Number(value) : value
  }
  const attributes: Record<string, string | number | boolean> = {}
  for (const pair of custom.split(',')) {
    const [name, raw] = pair.split('=').map((part) => part.trim())
    if (!name || raw === undefined) continue
    attributes[name] =
      raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(Number(raw)) ? raw : Number(raw)
  }
  if (Object.keys(attributes).length > 0) facts.custom = attributes
  return facts as SubscriberFactsInput
}

/**
 * The unsaved segments tried out: which one a sample subscriber falls in and the flow they would see,
 * and how many of last month's sessions each segment would have caught (first match wins).
 */
export function SegmentPreview({ accountId, segments }: { accountId: string; segments: SegmentInput[] }) {
  const id = useId()
  const [values, setValues] = useState<Record<string, string>>({ billing_interval: 'year' })
  const [custom, setCustom] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [busy, setBusy] = useState(false)
  const [subscriber] = useState(() => sampleSubscriber())

  const run = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const result = await previewSegments(accountId, segments, factsOf(values, custom))
    setBusy(false)
    if (result.error) {
      handleError(result.error, { where: 'settings.segments.preview', toastTitle: 'Preview failed' })
      return
    }
    setPreview(result.data)
  }
  const caughtBy = preview?.sample
    ? preview.sample.segment_index === null
      ? 'the default flow'
      : `segment ${preview.sample.segment_index + 1}: ${segments[preview.sample.segment_index]?.name ?? ''}`
    : null

  return (
    <section className="rk-settings__block" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Preview as a sample subscriber</h3>
      <form className="rk-form" onSubmit={(event) => void run(event)} noValidate>
        {SAMPLE_FIELDS.map(([name, label, type]) => (
          <div className="rk-form-field" key={name}>
            <label htmlFor={`${id}-${name}`}>{label}</label>
            <input
              id={`${id}-${name}`}
              className="rk-input"
              type={type}
              value={values[name] ?? ''}
              onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            />
          </div>
        ))}
        <div className="rk-form-field">
          <label htmlFor={`${id}-custom`}>Custom attributes (name=value, comma-separated)</label>
          <input
            id={`${id}-custom`}
            className="rk-input"
            value={custom}
            onChange={(event) => setCustom(event.target.value)}
          />
        </div>
        <div className="rk-form__actions">
          <button type="submit" className="rk-button rk-button--primary" disabled={busy}>
            {busy ? 'Previewing…' : 'Preview'}
          </button>
        </div>
      </form>
      <div role="status">
        {preview ? (
          <>
            <p>
              This subscriber sees <strong>{caughtBy}</strong>.
            </p>
            <p>
              Of the last 30 days' {preview.reach.sessions} sessions:{' '}
              {segments
                .map((segment, index) => `${segment.name} ${preview.reach.segments[index] ?? 0}`)
                .join(', ')}
              {segments.length > 0 ? ', ' : ''}default flow {preview.reach.default_flow}
              {preview.reach.without_facts > 0
                ? ` (${preview.reach.without_facts} started before segments existed and cannot be matched)`
                : ''}
              .
            </p>
          </>
        ) : null}
      </div>
      {preview?.sample ? (
        <WidgetPreview
          label="Segment flow preview"
          config={preview.sample.config_json}
          reasons={preview.sample.reasons}
          variant="cancel"
          subscriber={subscriber}
        />
      ) : null}
    </section>
  )
}
