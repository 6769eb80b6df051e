import { shownReasons } from '@retainkit/shared/flow'
import {
  experimentCreateSchema,
  experimentUpdateSchema,
  segmentPreviewSchema,
  segmentsPayloadSchema,
} from '@retainkit/shared/schemas'
import { firstMatchingSegment } from '@retainkit/shared/segment-match'
import type { AppDeps } from '../../deps'
import { HttpError } from '../../http/http-error'
import { ok } from '../../http/respond'
import { parseWith, readJson } from '../../http/validate'
import { loadEffectiveTier } from '../../services/billing/tier'
import { loadExperimentResults } from '../../services/experiments/results'
import { createExperiment, EXPERIMENT_NOT_FOUND, updateExperiment } from '../../services/experiments/store'
import { loadCurrentConfig, loadReasons } from '../../services/flow-config'
import { segmentReach } from '../../services/segments/reach'
import { loadSegments, type StoredSegment, saveSegments } from '../../services/segments/store'
import type { AccountActionHandlers } from './types'

export const PRO_ONLY_MESSAGE = 'Segments and experiments are part of the Pro plan.'

/** Segments and experiments change what subscribers see: Pro only, like every editable flow. */
async function requirePro(deps: AppDeps, accountId: string): Promise<void> {
  const tier = await loadEffectiveTier(deps.db, accountId, deps.clock.now())
  if (tier?.tier !== 'pro') throw new HttpError('BUSINESS_RULE_VIOLATION', PRO_ONLY_MESSAGE)
}

const segmentView = (segment: StoredSegment) => ({ ...segment, updated_at: segment.updated_at.toISOString() })

/**
 * `GET|PUT /api/account?accountId=&action=segments`: the ordered segments (first match wins). PUT
 * replaces the whole list (editors and up, Pro): ids it names are kept, new entries get one, missing
 * ones are deleted unless an experiment runs on them (409).
 */
export const segmentsActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewConfig',
    run: async (c, { deps, accountId }) =>
      ok(c, 'GET /api/account?action=segments', {
        segments: (await loadSegments(deps.db, accountId)).map(segmentView),
      }),
  },
  PUT: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId }) {
      const { segments } = parseWith(segmentsPayloadSchema, await readJson(c))
      await requirePro(deps, accountId)
      const saved = await saveSegments(deps, accountId, segments)
      return ok(c, 'PUT /api/account?action=segments', { segments: saved.map(segmentView) })
    },
  },
}

/**
 * `POST /api/account?accountId=&action=segment-preview` (any member; changes nothing): for an unsaved
 * list, the flow a sample subscriber would get, and how many of last month's sessions each segment
 * would have caught.
 */
export const segmentPreviewActions: AccountActionHandlers = {
  POST: {
    capability: 'canViewConfig',
    async run(c, { deps, accountId }) {
      const { segments, sample } = parseWith(segmentPreviewSchema, await readJson(c))
      let shown = null
      if (sample) {
        const matched = firstMatchingSegment(segments, sample)
        const config = matched ? matched.config_json : (await loadCurrentConfig(deps.db, accountId)).config
        const reasons = matched?.reasons ?? (await loadReasons(deps.db, accountId))
        shown = {
          segment_index: matched ? segments.indexOf(matched) : null,
          config_json: config,
          reasons: [...shownReasons(config, reasons)],
        }
      }
      return ok(c, 'POST /api/account?action=segment-preview', {
        sample: shown,
        reach: await segmentReach(deps.db, accountId, segments, deps.clock.now()),
      })
    },
  },
}

async function oneResult(deps: AppDeps, accountId: string, id: string) {
  const [result] = await loadExperimentResults(deps.db, accountId, deps.clock.now(), id)
  if (!result) throw new HttpError('NOT_FOUND', EXPERIMENT_NOT_FOUND)
  return result
}

/**
 * `GET|POST|PUT /api/account?accountId=&action=experiments`: every experiment with its results per arm
 * and verdict (any member); start one (POST) or change weights, stop, promote an arm (PUT) — editors
 * and up, Pro.
 */
export const experimentsActions: AccountActionHandlers = {
  GET: {
    capability: 'canViewAnalytics',
    run: async (c, { deps, accountId }) =>
      ok(c, 'GET /api/account?action=experiments', {
        experiments: await loadExperimentResults(deps.db, accountId, deps.clock.now()),
      }),
  },
  POST: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId }) {
      const input = parseWith(experimentCreateSchema, await readJson(c))
      await requirePro(deps, accountId)
      const id = await createExperiment(deps, accountId, input)
      return ok(c, 'POST /api/account?action=experiments', await oneResult(deps, accountId, id), 201)
    },
  },
  PUT: {
    capability: 'canEditConfig',
    async run(c, { deps, accountId, user }) {
      const update = parseWith(experimentUpdateSchema, await readJson(c))
      await requirePro(deps, accountId)
      await updateExperiment(deps, accountId, user.id, update)
      return ok(c, 'PUT /api/account?action=experiments', await oneResult(deps, accountId, update.id))
    },
  },
}
