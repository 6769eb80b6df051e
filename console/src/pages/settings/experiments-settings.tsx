import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { useId, useState } from 'react'
import { ConfirmButton } from '../../components/confirm-button'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { getConfig, getExperiments, getReasons, getSegments, updateExperiment } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { handleError } from '../../lib/error-handler'
import { formatCount, formatPercent, formatSaveRate } from '../../lib/format'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'
import { NewExperiment } from './experiments/new-experiment'
import { type ReportDirty, useDirtyParts, useReportDirty } from './experiments/use-dirty-parts'

type Experiment = ApiData<'GET /api/account?action=experiments'>['experiments'][number]
type Segments = ApiData<'GET /api/account?action=segments'>['segments']
type Loaded = {
  experiments: Experiment[]
  segments: Segments
  config: CancelFlowConfig
  reasons: CancellationReason[]
}

/** Rates here are fractions (0.2716): the save rate with the spec's two decimals, shares as other percentages. */
const rate = (value: number | null) => formatSaveRate(value === null ? null : value * 100)
const percent = (value: number | null) => formatPercent(value === null ? null : value * 100)
const money = (cents: number, currency: string | null) =>
  currency && currency !== 'mixed'
    ? new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
        cents / 100,
      )
    : (cents / 100).toFixed(2)

function ExperimentCard(props: {
  experiment: Experiment
  audience: string
  canEdit: boolean
  run: (title: string, action: () => Promise<ApiResult<unknown>>) => Promise<void>
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
  // While an action of this card runs, its confirm buttons say so and take no second click.
  const [busy, setBusy] = useState(false)
  const act = async (title: string, action: () => Promise<ApiResult<unknown>>) => {
    setBusy(true)
    try {
      await props.run(title, action)
    } finally {
      setBusy(false)
    }
  }
  const running = experiment.status === 'running'
  // Weights or a holdout typed but not saved are edits a merchant would lose by leaving.
  useReportDirty(
    props.reportDirty,
    experiment.id,
    running &&
      (holdout !== experiment.holdout_percent || tested.some((arm) => weights[arm.id] !== arm.weight)),
  )
  return (
    <article className="rk-settings__block rk-experiment" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        {experiment.name} <span className="rk-muted">({running ? 'running' : 'stopped'})</span>
      </h3>
      <p className="rk-muted">
        Audience: {props.audience}. Allocation:{' '}
        {experiment.allocation === 'thompson' ? 'automatic (Thompson sampling)' : 'fixed weights'}
        {experiment.holdout_percent > 0 ? `, holdout ${experiment.holdout_percent} %` : ''}.
      </p>
      <p className="rk-experiment__verdict" data-testid="experiment-verdict">
        <strong>Verdict:</strong> {experiment.verdict.text}
      </p>
      <div className="rk-table-scroll">
        <table className="rk-data-table">
          <caption className="rk-visually-hidden">Results per arm of {experiment.name}</caption>
          <thead>
            <tr>
              <th scope="col">Arm</th>
              <th scope="col">Sessions</th>
              <th scope="col">Save rate (95 % interval)</th>
              <th scope="col">Saved MRR</th>
              <th scope="col">Still active at 30 / 60 / 90 days</th>
              <th scope="col">Share of new customers</th>
              {canEdit && running ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {experiment.arms.map((arm) => (
              <tr key={arm.id}>
                <th scope="row" data-label="Arm">
                  {arm.holdout ? 'Holdout (no offers)' : arm.name}
                </th>
                <td data-label="Sessions">{formatCount(arm.sessions)}</td>
                <td data-label="Save rate (95 % interval)">
                  {rate(arm.save_rate)}
                  {arm.save_rate_interval
                    ? ` (${rate(arm.save_rate_interval.low)}–${rate(arm.save_rate_interval.high)})`
                    : ''}
                </td>
                <td data-label="Saved MRR">{money(arm.saved_mrr, experiment.currency)}</td>
                <td data-label="Still active at 30 / 60 / 90 days">
                  {arm.durability.map((checkpoint) => percent(checkpoint.rate)).join(' / ')}
                </td>
                <td data-label="Share of new customers">{percent(arm.share)}</td>
                {canEdit && running ? (
                  <td data-label="Actions">
                    {arm.holdout ? null : (
                      <>
                        <label className="rk-experiment__weight-label" htmlFor={`${id}-${arm.id}-weight`}>
                          Weight<span className="rk-visually-hidden"> of {arm.name}</span>
                        </label>{' '}
                        <input
                          id={`${id}-${arm.id}-weight`}
                          className="rk-input rk-experiment__weight"
                          type="number"
                          min={0}
                          max={100}
                          value={weights[arm.id] ?? 0}
                          onChange={(event) =>
                            setWeights({ ...weights, [arm.id]: Number(event.target.value) })
                          }
                        />{' '}
                        <ConfirmButton
                          tone="primary"
                          label={`Promote ${arm.name}`}
                          confirm={`Yes, promote ${arm.name} to everyone`}
                          busyLabel="Promoting..."
                          busy={busy}
                          onConfirm={() =>
                            void act('Arm promoted', () =>
                              updateExperiment(accountId, {
                                id: experiment.id,
                                op: 'promote',
                                arm_id: arm.id,
                              }),
                            )
                          }
                        />
                      </>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
          <button
            type="button"
            className="rk-button"
            onClick={() =>
              void props.run('Weights saved', () =>
                updateExperiment(accountId, {
                  id: experiment.id,
                  op: 'weights',
                  weights: tested.map((arm) => ({ arm_id: arm.id, weight: weights[arm.id] ?? 0 })),
                  holdout_percent: holdout,
                }),
              )
            }
          >
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

/**
 * Settings → Experiments: each experiment's arms with sessions, save rate and its 95 % interval, saved
 * MRR and durability, the verdict in words; weights, stop and promote for editors; a form to start one.
 */
export function ExperimentsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  const { state, reload, refresh } = useApiResource<Loaded>(async () => {
    const [experiments, segments, config, reasons] = await Promise.all([
      getExperiments(accountId),
      getSegments(accountId),
      getConfig(accountId),
      getReasons(accountId),
    ])
    if (experiments.error) return experiments
    if (segments.error) return segments
    if (config.error) return config
    if (reasons.error) return reasons
    return {
      data: {
        experiments: experiments.data.experiments,
        segments: segments.data.segments,
        config: config.data.config_json,
        reasons: reasons.data.reasons,
      },
    }
  }, accountId)
  const { anyDirty, report } = useDirtyParts()
  // A new form after each start: the next experiment starts from an empty form, not the last one's edits.
  const [formKey, setFormKey] = useState(0)
  // Quietly (no loading state): an experiment being set up, or another card's weights, stay as typed.
  const refreshQuietly = async () => {
    const failed = await refresh()
    if (failed)
      handleError(failed, { where: 'settings.experiments', toastTitle: 'Experiments: refresh failed' })
  }
  const run = async (title: string, action: () => Promise<ApiResult<unknown>>) => {
    const result = await action()
    if (result.error) {
      handleError(result.error, { where: 'settings.experiments', toastTitle: `${title}: failed` })
      return
    }
    toast({ title, variant: 'success' })
    await refreshQuietly()
  }
  if (state.status === 'loading') return <Spinner label="Loading experiments..." />
  if (state.status === 'error')
    return <LoadError what="Your experiments" error={state.error} onRetry={() => void reload()} />
  const audienceOf = (experiment: Experiment) =>
    experiment.on_default
      ? 'the default flow'
      : `segment ${state.data.segments.find((segment) => segment.id === experiment.segment_id)?.name ?? '(deleted)'}`
  return (
    <div className="rk-settings__stack rk-experiments">
      <UnsavedChangesGuard when={canEdit && anyDirty} />
      <p className="rk-form__help">
        Test versions of a flow against each other. Each customer keeps the arm they first got, on every visit
        and device; a holdout sees no offers, so you can see what offers add. Read results after a few weeks:
        saves that do not last are not saves.
      </p>
      {state.data.experiments.length === 0 ? <p className="rk-muted">No experiments yet.</p> : null}
      {state.data.experiments.map((experiment) => (
        <ExperimentCard
          // A card starts again from what the server holds once that changes (its weights saved, the
          // experiment stopped or promoted); a card whose server data did not change keeps its typing.
          key={`${experiment.id}:${experiment.status}:${experiment.holdout_percent}:${experiment.arms.map((arm) => arm.weight).join(',')}`}
          experiment={experiment}
          audience={audienceOf(experiment)}
          canEdit={canEdit}
          run={run}
          accountId={accountId}
          reportDirty={report}
        />
      ))}
      {canEdit ? (
        <NewExperiment
          accountId={accountId}
          segments={state.data.segments}
          defaultConfig={state.data.config}
          accountReasons={state.data.reasons}
          key={formKey}
          onStarted={async () => {
            setFormKey((key) => key + 1)
            await refreshQuietly()
          }}
          reportDirty={report}
        />
      ) : null}
    </div>
  )
}
