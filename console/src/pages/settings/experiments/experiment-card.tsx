import type { ApiData } from '@retainkit/shared/api'
import { useId, useState } from 'react'
import { ConfirmButton } from '../../../components/confirm-button'
import { updateExperiment } from '../../../lib/api'
import type { ApiResult } from '../../../lib/api-client'
import { formatCount, formatPercent, formatSaveRate } from '../../../lib/format'
import { formatList } from '../../dashboard/money-view'
import { HoldoutLiftView } from './holdout-lift-view'
import { type ReportDirty, useReportDirty } from './use-dirty-parts'

type Experiment = ApiData<'GET /api/account?action=experiments'>['experiments'][number]

/** Rates here are fractions (0.2716): the save rate with the spec's two decimals, shares as other percentages. */
const rate = (value: number | null) => formatSaveRate(value === null ? null : value * 100)
const percent = (value: number | null) => formatPercent(value === null ? null : value * 100)

type Arm = Experiment['arms'][number]

/** One arm's results; with `actions`, its weight field and promote button (none for the holdout). */
function ArmRow(props: {
  arm: Arm
  fieldId: string
  actions: boolean
  weight: number
  onWeight: (weight: number) => void
  busy: boolean
  onPromote: () => void
}) {
  const { arm, fieldId } = props
  return (
    <tr>
      <th scope="row" data-label="Arm">
        {arm.holdout ? 'Holdout (no offers)' : arm.name}
      </th>
      <td data-label="Finished sessions">{formatCount(arm.sessions)}</td>
      <td data-label="Save rate (95 % interval)">
        {rate(arm.save_rate)}
        {arm.save_rate_interval
          ? ` (${rate(arm.save_rate_interval.low)}–${rate(arm.save_rate_interval.high)})`
          : ''}
      </td>
      <td data-label="Saved MRR now (when saved)">
        {arm.saves === 0 ? '—' : `${formatList(arm.net_mrr)} (${formatList(arm.saved_mrr)})`}
      </td>
      <td data-label="Still active at 30 / 60 / 90 days">
        {arm.durability.map((checkpoint) => percent(checkpoint.rate)).join(' / ')}
      </td>
      <td data-label="Share of new customers">{percent(arm.share)}</td>
      {props.actions ? (
        <td data-label="Actions">
          {arm.holdout ? null : (
            <>
              <label className="rk-experiment__weight-label" htmlFor={fieldId}>
                Weight<span className="rk-visually-hidden"> of {arm.name}</span>
              </label>{' '}
              <input
                id={fieldId}
                className="rk-input rk-experiment__weight"
                type="number"
                min={0}
                max={100}
                value={props.weight}
                onChange={(event) => props.onWeight(Number(event.target.value))}
              />{' '}
              <ConfirmButton
                tone="primary"
                label={`Promote ${arm.name}`}
                confirm={`Yes, promote ${arm.name} to everyone`}
                busyLabel="Promoting..."
                busy={props.busy}
                onConfirm={props.onPromote}
              />
            </>
          )}
        </td>
      ) : null}
    </tr>
  )
}

function ArmsHead({ actions }: { actions: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">Arm</th>
        <th scope="col">Finished sessions</th>
        <th scope="col">Save rate (95 % interval)</th>
        <th scope="col">Saved MRR now (when saved)</th>
        <th scope="col">Still active at 30 / 60 / 90 days</th>
        <th scope="col">Share of new customers</th>
        {actions ? <th scope="col">Actions</th> : null}
      </tr>
    </thead>
  )
}

type Run = (title: string, action: () => Promise<ApiResult<unknown>>) => Promise<void>

/** While an action of a card runs, its confirm buttons say so and take no second click. */
function useBusyRun(run: Run) {
  const [busy, setBusy] = useState(false)
  const act = async (title: string, action: () => Promise<ApiResult<unknown>>) => {
    setBusy(true)
    try {
      await run(title, action)
    } finally {
      setBusy(false)
    }
  }
  return { busy, act }
}

/** The experiment's name, audience, allocation and verdict. */
function CardHeading({
  experiment,
  audience,
  titleId,
}: {
  experiment: Experiment
  audience: string
  titleId: string
}) {
  return (
    <>
      <h3 id={titleId}>
        {experiment.name} <span className="rk-muted">({experiment.status})</span>
      </h3>
      <p className="rk-muted">
        Audience: {audience}. Allocation:{' '}
        {experiment.allocation === 'thompson' ? 'automatic (Thompson sampling)' : 'fixed weights'}
        {experiment.holdout_percent > 0 ? `, holdout ${experiment.holdout_percent} %` : ''}.
      </p>
      <p className="rk-experiment__verdict" data-testid="experiment-verdict">
        <strong>Verdict:</strong> {experiment.verdict.text}
      </p>
    </>
  )
}

export function ExperimentCard(props: {
  experiment: Experiment
  audience: string
  canEdit: boolean
  run: Run
  accountId: string
  reportDirty: ReportDirty
}) {
  const { experiment, canEdit, accountId } = props
  const id = useId()
  const tested = experiment.arms.filter((arm) => !arm.holdout)
  const [weights, setWeights] = useState<Record<string, number>>(
    Object.fromEntries(tested.map((arm) => [arm.id, arm.weight])),
  )
  const [holdout, setHoldout] = useState(experiment.holdout_percent)
  const { busy, act } = useBusyRun(props.run)
  const running = experiment.status === 'running'
  const saveWeights = () =>
    void props.run('Weights saved', () =>
      updateExperiment(accountId, {
        id: experiment.id,
        op: 'weights',
        weights: tested.map((arm) => ({ arm_id: arm.id, weight: weights[arm.id] ?? 0 })),
        holdout_percent: holdout,
      }),
    )
  // Weights or a holdout typed but not saved are edits a merchant would lose by leaving.
  useReportDirty(
    props.reportDirty,
    experiment.id,
    running &&
      (holdout !== experiment.holdout_percent || tested.some((arm) => weights[arm.id] !== arm.weight)),
  )
  return (
    <article className="rk-settings__block rk-experiment" aria-labelledby={`${id}-title`}>
      <CardHeading experiment={experiment} audience={props.audience} titleId={`${id}-title`} />
      <div className="rk-table-scroll">
        <table className="rk-data-table">
          <caption className="rk-visually-hidden">Results per arm of {experiment.name}</caption>
          <ArmsHead actions={canEdit && running} />
          <tbody>
            {experiment.arms.map((arm) => (
              <ArmRow
                key={arm.id}
                arm={arm}
                fieldId={`${id}-${arm.id}-weight`}
                actions={canEdit && running}
                weight={weights[arm.id] ?? 0}
                onWeight={(value) => setWeights({ ...weights, [arm.id]: value })}
                busy={busy}
                onPromote={() =>
                  void act('Arm promoted', () =>
                    updateExperiment(accountId, { id: experiment.id, op: 'promote', arm_id: arm.id }),
                  )
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      {experiment.holdout_lift ? <HoldoutLiftView lift={experiment.holdout_lift} /> : null}
      {canEdit && running ? (
        <div className="rk-form__actions">
          <label htmlFor={`${id}-holdout`}>Holdout (0–50 % of new customers see no offers)</label>
          <input
            id={`${id}-holdout`}
            className="rk-input rk-experiment__weight"
            type="number"
            min={0}
            max={50}
            value={holdout}
            onChange={(event) => setHoldout(Number(event.target.value))}
          />
          <button type="button" className="rk-button" onClick={saveWeights}>
            Save weights and holdout
          </button>
          <ConfirmButton
            label="Stop experiment"
            confirm={`Yes, stop ${experiment.name}`}
            busyLabel="Stopping..."
            busy={busy}
            onConfirm={() =>
              void act('Experiment stopped', () =>
                updateExperiment(accountId, { id: experiment.id, op: 'stop' }),
              )
            }
          />
        </div>
      ) : null}
    </article>
  )
}
