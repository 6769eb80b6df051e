import type { ApiData } from '@retainkit/shared/api'
import { useEffect, useId, useState } from 'react'
import { type DashboardSlice, getExperiments, getSegments } from '../../lib/api'

type Segments = ApiData<'GET /api/account?action=segments'>['segments']
type Experiments = ApiData<'GET /api/account?action=experiments'>['experiments']

/** The slice as the URL keeps it: `segment=<id>|default`, `arm=<id>`. */
export function sliceFromParams(segmentId: string | null, armId: string | null): DashboardSlice | undefined {
  if (!segmentId && !armId) return undefined
  return { ...(segmentId ? { segmentId } : {}), ...(armId ? { armId } : {}) }
}

const optionOf = (slice: DashboardSlice | undefined) =>
  slice?.armId ? `arm:${slice.armId}` : slice?.segmentId ? `segment:${slice.segmentId}` : ''

/**
 * "Whose sessions": everyone, the default flow's, one segment's, or one experiment arm's. Shown only
 * when the account has segments or experiments; the choice lives in the URL like the period.
 */
export function SliceSelector(props: {
  accountId: string
  slice: DashboardSlice | undefined
  onChange: (next: DashboardSlice | undefined) => void
}) {
  const id = useId()
  const [options, setOptions] = useState<{ segments: Segments; experiments: Experiments } | null>(null)
  useEffect(() => {
    let live = true
    void Promise.all([getSegments(props.accountId), getExperiments(props.accountId)]).then(
      ([segments, experiments]) => {
        if (!live) return
        setOptions({
          segments: segments.data?.segments ?? [],
          experiments: experiments.data?.experiments ?? [],
        })
      },
    )
    return () => {
      live = false
    }
  }, [props.accountId])
  if (!options || (options.segments.length === 0 && options.experiments.length === 0)) return null
  return (
    <div className="rk-dashboard__slice">
      <label htmlFor={id}>Sessions of</label>{' '}
      <select
        id={id}
        className="rk-input rk-select"
        value={optionOf(props.slice)}
        onChange={(event) => {
          const [kind, value] = event.target.value.split(':')
          if (kind === 'segment' && value) props.onChange({ segmentId: value })
          else if (kind === 'arm' && value) props.onChange({ armId: value })
          else props.onChange(undefined)
        }}
      >
        <option value="">All subscribers</option>
        <option value="segment:default">Default flow</option>
        {options.segments.map((segment) => (
          <option key={segment.id} value={`segment:${segment.id}`}>
            Segment: {segment.name}
          </option>
        ))}
        {options.experiments.flatMap((experiment) =>
          experiment.arms.map((arm) => (
            <option key={arm.id} value={`arm:${arm.id}`}>
              {experiment.name}: {arm.holdout ? 'holdout' : arm.name}
            </option>
          )),
        )}
      </select>
    </div>
  )
}
