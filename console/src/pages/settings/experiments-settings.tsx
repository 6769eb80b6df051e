import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { type FormEvent, useId, useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { createExperiment, getConfig, getExperiments, getSegments, updateExperiment } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { handleError } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'

type Experiment = ApiData<'GET /api/account?action=experiments'>['experiments'][number]
type Segments = ApiData<'GET /api/account?action=segments'>['segments']
type Loaded = { experiments: Experiment[]; segments: Segments; config: CancelFlowConfig }

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1)} %`)
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
}) {
  const { experiment, canEdit, accountId } = props
  const id = useId()
  const tested = experiment.arms.filter((arm) => !arm.holdout)
  const [weights, setWeights] = useState<Record<string, number>>(
    Object.fromEntries(tested.map((arm) => [arm.id, arm.weight])),
  )
  const running = experiment.status === 'running'
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
                <th scope="row">{arm.holdout ? 'Holdout (no offers)' : arm.name}</th>
                <td>{arm.sessions}</td>
                <td>
                  {percent(arm.save_rate)}
                  {arm.save_rate_interval
                    ? ` (${percent(arm.save_rate_interval.low)}–${percent(arm.save_rate_interval.high)})`
                    : ''}
                </td>
                <td>{money(arm.saved_mrr, experiment.currency)}</td>
                <td>{arm.durability.map((checkpoint) => percent(checkpoint.rate)).join(' / ')}</td>
                <td>{percent(arm.share)}</td>
                {canEdit && running ? (
                  <td>
                    {arm.holdout ? null : (
                      <>
                        <label className="rk-visually-hidden" htmlFor={`${id}-${arm.id}-weight`}>
                          Weight of {arm.name}
                        </label>
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
                        <button
                          type="button"
                          className="rk-button"
                          onClick={() =>
                            void props.run('Arm promoted', () =>
                              updateExperiment(accountId, {
                                id: experiment.id,
                                op: 'promote',
                                arm_id: arm.id,
                              }),
                            )
                          }
                        >
                          Promote {arm.name}
                        </button>
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
          <button
            type="button"
            className="rk-button"
            onClick={() =>
              void props.run('Weights saved', () =>
                updateExperiment(accountId, {
                  id: experiment.id,
                  op: 'weights',
                  weights: tested.map((arm) => ({ arm_id: arm.id, weight: weights[arm.id] ?? 0 })),
                }),
              )
            }
          >
            Save weights
          </button>
          <button
            type="button"
            className="rk-button"
            onClick={() =>
              void props.run('Experiment stopped', () =>
                updateExperiment(accountId, { id: experiment.id, op: 'stop' }),
              )
            }
          >
            Stop experiment
          </button>
        </div>
      ) : null}
    </article>
  )
}

function NewExperiment(props: {
  loaded: Loaded
  run: (title: string, action: () => Promise<ApiResult<unknown>>) => Promise<void>
  accountId: string
}) {
  const id = useId()
  const [name, setName] = useState('')
  const [audience, setAudience] = useState('')
  const [headlines, setHeadlines] = useState(['', ''])
  const [holdout, setHoldout] = useState(0)
  const [allocation, setAllocation] = useState<'fixed' | 'thompson'>('fixed')
  const baseOf = (segmentId: string) =>
    props.loaded.segments.find((segment) => segment.id === segmentId)?.config_json ?? props.loaded.config
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const base = baseOf(audience)
    void props.run('Experiment started', () =>
      createExperiment(props.accountId, {
        name,
        segment_id: audience === '' ? null : audience,
        allocation,
        holdout_percent: holdout,
        arms: headlines.map((headline, index) => {
          const config = structuredClone(base)
          if (headline.trim()) config.copy.general.headline = headline
          return { name: `Arm ${String.fromCharCode(65 + index)}`, weight: 50, config_json: config }
        }),
      }),
    )
  }
  return (
    <form
      className="rk-form rk-settings__block"
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      noValidate
    >
      <h3 id={`${id}-heading`}>Start an experiment</h3>
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
          onChange={(event) => setAudience(event.target.value)}
        >
          <option value="">Subscribers of the default flow</option>
          {props.loaded.segments.map((segment) => (
            <option key={segment.id} value={segment.id}>
              Segment: {segment.name}
            </option>
          ))}
        </select>
      </div>
      {headlines.map((headline, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: arms are known by their place (A, B, …).
        <div className="rk-form-field" key={index}>
          <label htmlFor={`${id}-arm-${index}`}>Arm {String.fromCharCode(65 + index)}: first headline</label>
          <input
            id={`${id}-arm-${index}`}
            className="rk-input"
            value={headline}
            onChange={(event) =>
              setHeadlines(headlines.map((old, at) => (at === index ? event.target.value : old)))
            }
          />
        </div>
      ))}
      <div className="rk-form__actions">
        <button
          type="button"
          className="rk-button"
          disabled={headlines.length >= 4}
          onClick={() => setHeadlines([...headlines, ''])}
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
          value={holdout}
          onChange={(event) => setHoldout(Number(event.target.value))}
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
        <button type="submit" className="rk-button rk-button--primary">
          Start experiment
        </button>
      </div>
    </form>
  )
}

/**
 * Settings → Experiments: each experiment's arms with sessions, save rate and its 95 % interval, saved
 * MRR and durability, the verdict in words; weights, stop and promote for editors; a form to start one.
 */
export function ExperimentsSettings({ accountId }: { accountId: string }) {
  const canEdit = useCapability('canEditConfig')
  const { state, reload } = useApiResource<Loaded>(async () => {
    const [experiments, segments, config] = await Promise.all([
      getExperiments(accountId),
      getSegments(accountId),
      getConfig(accountId),
    ])
    if (experiments.error) return experiments
    if (segments.error) return segments
    if (config.error) return config
    return {
      data: {
        experiments: experiments.data.experiments,
        segments: segments.data.segments,
        config: config.data.config_json,
      },
    }
  }, accountId)
  const run = async (title: string, action: () => Promise<ApiResult<unknown>>) => {
    const result = await action()
    if (result.error) {
      handleError(result.error, { where: 'settings.experiments', toastTitle: `${title}: failed` })
      return
    }
    toast({ title, variant: 'success' })
    await reload()
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
      <p className="rk-form__help">
        Test versions of a flow against each other. Each customer keeps the arm they first got, on every visit
        and device; a holdout sees no offers, so you can see what offers add. Read results after a few weeks:
        saves that do not last are not saves.
      </p>
      {state.data.experiments.length === 0 ? <p className="rk-muted">No experiments yet.</p> : null}
      {state.data.experiments.map((experiment) => (
        <ExperimentCard
          key={experiment.id}
          experiment={experiment}
          audience={audienceOf(experiment)}
          canEdit={canEdit}
          run={run}
          accountId={accountId}
        />
      ))}
      {canEdit ? <NewExperiment loaded={state.data} run={run} accountId={accountId} /> : null}
    </div>
  )
}
