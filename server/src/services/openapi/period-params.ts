import { type QueryParam, queryParam } from './operation-types'

/** The period and mode of every analytics read (the data sets and the raw export). */
export const ANALYTICS_PERIOD_PARAMS: QueryParam[] = [
  queryParam('startDate', 'ISO date or datetime'),
  queryParam('endDate', 'ISO date or datetime, not before startDate'),
  queryParam('mode', "whose sessions count: 'live' (default) or 'test' (test-mode sessions only)", {
    type: 'string',
    enum: ['live', 'test'],
  }),
  queryParam(
    'segment_id',
    "only sessions routed to this segment (seg_…), or 'default' for those the default flow caught",
  ),
  queryParam('arm_id', 'only sessions of this experiment arm (arm_…)'),
]
