import type { ApiData } from '@retainkit/shared/api'
import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import { useState } from 'react'
import { LoadError } from '../../components/load-error'
import { Spinner } from '../../components/spinner'
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard'
import { getConfig, getExperiments, getReasons, getSegments } from '../../lib/api'
import type { ApiResult } from '../../lib/api-client'
import { handleError } from '../../lib/error-handler'
import { toast } from '../../lib/toast-store'
import { useApiResource } from '../../lib/use-api-resource'
import { useCapability } from '../../session/session-store'
import { ExperimentCard } from './experiments/experiment-card'
import { NewExperiment } from './experiments/new-experiment'
import { useDirtyParts } from './experiments/use-dirty-parts'

type Experiment = ApiData<'GET /api/account?action=experiments'>['experiments'][number]
type Segments = ApiData<'GET /api/account?action=segments'>['segments']
type Loaded = {
  experiments: Experiment[]
  segments: Segments
  config: CancelFlowConfig
  reasons: CancellationReason[]
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
      <p className="rk-form__help" data-testid="experiments-method">
        The save rate counts everyone who finished the flow and stayed — kept their plan or accepted an offer
        — so the holdout has one too. Verdicts use an always-valid test (a mixture sequential probability
        ratio test): look as often as you like, the chance it ever names a winner, or a lift over the holdout,
        between flows that save equally stays at or under 5 %. Each interval of a difference is that test's 95
        % interval (wider with each arm added, so all of them hold together), and a winner is named only when
        its interval leaves out &ldquo;no difference&rdquo;. Saved MRR now counts 0 for a save lost since or
        paused (until it pays again).
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
