import type { QueryParam } from './operations'

/** The period and mode of every analytics read (the data sets and the raw export). */
export const ANALYTICS_PERIOD_PARAMS: QueryParam[] = [
  { name: 'startDate', in: 'query', description: 'ISO date or datetime', schema: { type: 'string' } },
  {
    name: 'endDate',
    in: 'query',
    description: 'ISO date or datetime, not before startDate',
    schema: { type: 'string' },
  },
  {
    name: 'mode',
    in: 'query',
    description: "whose sessions count: 'live' (default) or 'test' (test-mode sessions only)",
    schema: { type: 'string', enum: ['live', 'test'] },
  },
]
