import { ROUTES } from '@retainkit/shared/routes'
import { type ChangeEvent, useState } from 'react'
import {
  calculateRoi,
  DEFAULT_ROI_INPUTS,
  formatCount,
  formatUsd,
  type RoiField,
  type RoiInputs,
  SAVE_RATE_RANGE,
  validateRoiInputs,
} from './roi-math'

interface NumberFieldProps {
  id: RoiField
  label: string
  hint: string
  value: string
  error: string | undefined
  step: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

function NumberField({ id, label, hint, value, error, step, onChange }: NumberFieldProps) {
  const hintId = `roi-${id}-hint`
  const errorId = `roi-${id}-error`
  return (
    <div className="field">
      <label htmlFor={`roi-${id}`}>{label}</label>
      <input
        id={`roi-${id}`}
        name={id}
        type="number"
        inputMode="decimal"
        min="0"
        step={step}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={onChange}
      />
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface RangeFieldProps {
  id: 'cancelFlowSavePercent' | 'reactivationPercent'
  label: string
  value: number
  onChange: (value: number) => void
}

function RangeField({ id, label, value, onChange }: RangeFieldProps) {
  return (
    <div className="field field-range">
      <label htmlFor={`roi-${id}`}>
        {`${label} `}
        <output htmlFor={`roi-${id}`}>{`${value}%`}</output>
      </label>
      <input
        id={`roi-${id}`}
        name={id}
        type="range"
        min={SAVE_RATE_RANGE.min}
        max={SAVE_RATE_RANGE.max}
        step={SAVE_RATE_RANGE.step}
        value={value}
        aria-valuetext={`${value}%`}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <p className="field-hint">{`Typical range ${SAVE_RATE_RANGE.min}–${SAVE_RATE_RANGE.max}%`}</p>
    </div>
  )
}

/**
 * Estimates what cancel flows and reactivation recover each month. Results update as you type; the
 * prerendered page shows the default scenario's result so it is useful without JavaScript too.
 */
export function RoiCalculator() {
  const [inputs, setInputs] = useState<RoiInputs>(DEFAULT_ROI_INPUTS)
  const errors = validateRoiInputs(inputs)
  const result = calculateRoi(inputs)

  const setText = (key: RoiField) => (event: ChangeEvent<HTMLInputElement>) =>
    setInputs((current) => ({ ...current, [key]: event.target.value }))

  return (
    <div className="roi">
      <form className="form roi-form" onSubmit={(event) => event.preventDefault()} aria-label="Your business">
        <NumberField
          id="subscribers"
          label="Active subscribers"
          hint="Paying subscribers today"
          step="1"
          value={inputs.subscribers}
          error={errors.subscribers}
          onChange={setText('subscribers')}
        />
        <NumberField
          id="price"
          label="Average monthly price (USD)"
          hint="What a subscriber pays per month"
          step="0.01"
          value={inputs.price}
          error={errors.price}
          onChange={setText('price')}
        />
        <NumberField
          id="churnPercent"
          label="Monthly churn rate (%)"
          hint="Share of subscribers who cancel each month, 0–100"
          step="0.1"
          value={inputs.churnPercent}
          error={errors.churnPercent}
          onChange={setText('churnPercent')}
        />
        <RangeField
          id="cancelFlowSavePercent"
          label="Saved by cancel flows"
          value={inputs.cancelFlowSavePercent}
          onChange={(value) => setInputs((current) => ({ ...current, cancelFlowSavePercent: value }))}
        />
        <RangeField
          id="reactivationPercent"
          label="Won back by reactivation"
          value={inputs.reactivationPercent}
          onChange={(value) => setInputs((current) => ({ ...current, reactivationPercent: value }))}
        />
      </form>
      <section className="roi-results" aria-labelledby="roi-results-title">
        <h2 id="roi-results-title">Your estimate</h2>
        <div aria-live="polite">
          {result ? (
            <dl className="roi-figures">
              <div>
                <dt>Recovered subscribers per month</dt>
                <dd>{formatCount(result.recoveredSubscribers)}</dd>
              </div>
              <div>
                <dt>Recovered MRR</dt>
                <dd>{formatUsd(result.recoveredMrr)}</dd>
              </div>
              <div>
                <dt>Annual revenue recovered</dt>
                <dd>{formatUsd(result.annualRevenue)}</dd>
              </div>
            </dl>
          ) : (
            <p className="roi-invalid">Fix the highlighted fields to see your estimate.</p>
          )}
        </div>
        {result ? (
          <p className="field-hint">
            {`Of ${formatCount(result.churnedPerMonth)} cancellations a month, cancel flows save ${formatCount(result.savedByCancelFlow)} and reactivation wins back ${formatCount(result.wonBackByReactivation)}.`}
          </p>
        ) : null}
        <a className="button button-primary" href={ROUTES.pricing}>
          Start Your Free Trial
        </a>
      </section>
    </div>
  )
}
