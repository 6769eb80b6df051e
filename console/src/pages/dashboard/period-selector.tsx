import { type AnalyticsPresetPeriod, SELECTABLE_PERIODS } from '@retainkit/shared/constants'
import { customPeriod, isPresetPeriod, PRESET_PERIOD_LABELS, parsePeriod } from '@retainkit/shared/period'
import { useId, useState } from 'react'

export interface PeriodSelectorProps {
  /** The period in the URL (a preset or `custom:YYYY-MM-DD:YYYY-MM-DD`). */
  period: string
  onChange: (period: string) => void
}

type Choice = AnalyticsPresetPeriod | 'custom'

function customDays(period: string): { start: string; end: string } {
  const parsed = parsePeriod(period)
  if (!parsed.ok || isPresetPeriod(parsed.period)) return { start: '', end: '' }
  const [, start = '', end = ''] = parsed.period.split(':')
  return { start, end }
}

/**
 * Preset periods (the last 7 or 30 days, last calendar month, 3, 6, 12 months; an old link's '1month' shown
 * as it is) and a custom range, checked with the shared parsePeriod so its
 * messages ('Invalid custom date range', 'Custom start date must be on or before end date') show here.
 */
export function PeriodSelector({ period, onChange }: PeriodSelectorProps) {
  const id = useId()
  const [choice, setChoice] = useState<Choice>(isPresetPeriod(period) ? period : 'custom')
  const initial = customDays(period)
  const [start, setStart] = useState(initial.start)
  const [end, setEnd] = useState(initial.end)
  const [error, setError] = useState<string | null>(null)

  const apply = () => {
    const parsed = parsePeriod(customPeriod(start, end))
    if (!parsed.ok) {
      setError(parsed.message)
      return
    }
    setError(null)
    onChange(parsed.period)
  }

  return (
    <div className="rk-period">
      <label htmlFor={`${id}-select`} className="rk-field__label">
        Period
      </label>
      <select
        id={`${id}-select`}
        className="rk-input rk-select"
        value={choice}
        onChange={(event) => {
          const value = event.target.value
          if (value === 'custom') {
            setChoice('custom')
            return
          }
          if (isPresetPeriod(value)) {
            setChoice(value)
            setError(null)
            onChange(value)
          }
        }}
      >
        {(isPresetPeriod(period) && !(SELECTABLE_PERIODS as readonly string[]).includes(period)
          ? [period, ...SELECTABLE_PERIODS]
          : SELECTABLE_PERIODS
        ).map((preset) => (
          <option key={preset} value={preset}>
            {PRESET_PERIOD_LABELS[preset]}
          </option>
        ))}
        <option value="custom">Custom range…</option>
      </select>
      {choice === 'custom' ? (
        <div className="rk-period__custom">
          <label htmlFor={`${id}-start`}>From</label>
          <input
            id={`${id}-start`}
            type="date"
            className="rk-input"
            value={start}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setStart(event.target.value)}
          />
          <label htmlFor={`${id}-end`}>To</label>
          <input
            id={`${id}-end`}
            type="date"
            className="rk-input"
            value={end}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setEnd(event.target.value)}
          />
          <button type="button" className="rk-button rk-button--primary" onClick={apply}>
            Apply
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="rk-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
