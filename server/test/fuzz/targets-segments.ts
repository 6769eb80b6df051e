import { createDefaultConfig } from '@retainkit/shared/default-config'
import type { Fixture } from './fixture'
import type { Target } from './targets'

/**
 * Segments and experiments. Each valid request first stops the shop's running experiments, so it can
 * succeed whatever mutations ran before it (a running experiment pins its segment and its audience).
 */

const account = (f: Fixture, action: string) => `/api/account?accountId=${f.shop.accountId}&action=${action}`

async function stopRunningExperiments(f: Fixture): Promise<void> {
  const res = await f.t.request(account(f, 'experiments'), { token: f.shop.ownerToken })
  const { data } = (await res.json()) as { data: { experiments: Array<{ id: string; status: string }> } }
  for (const experiment of data.experiments.filter((entry) => entry.status === 'running')) {
    await f.t.request(account(f, 'experiments'), {
      method: 'PUT',
      token: f.shop.ownerToken,
      body: { id: experiment.id, op: 'stop' },
    })
  }
}

const segmentList = () => ({
  segments: [
    {
      name: 'Annual',
      enabled: true,
      rule: {
        match: 'any',
        conditions: [{ attribute: 'billing_interval', operator: 'equals', value: 'year' }],
        groups: [
          {
            match: 'all',
            conditions: [
              { attribute: 'tenure_days', operator: 'between', value: [30, 365] },
              { attribute: 'custom.seats', operator: 'exists' },
            ],
          },
        ],
      },
      config_json: createDefaultConfig(),
    },
  ],
})

const experimentBody = () => ({
  name: 'Fuzzed experiment',
  segment_id: null,
  allocation: 'thompson',
  holdout_percent: 10,
  arms: [
    { name: 'A', weight: 50, config_json: createDefaultConfig() },
    { name: 'B', weight: 50, config_json: createDefaultConfig() },
  ],
})

export const SEGMENT_TARGETS: Target[] = [
  {
    method: 'GET',
    doc: 'GET /api/account#action=segments',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'segments') }),
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=segments',
    caller: 'merchant',
    valid: async (f) => {
      await stopRunningExperiments(f)
      return { path: account(f, 'segments'), body: segmentList() }
    },
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=segment-preview',
    caller: 'merchant',
    valid: (f) => ({
      path: account(f, 'segment-preview'),
      body: { ...segmentList(), sample: { billing_interval: 'year', custom: { seats: 3 } } },
    }),
  },
  {
    method: 'GET',
    doc: 'GET /api/account#action=experiments',
    caller: 'merchant',
    valid: (f) => ({ path: account(f, 'experiments') }),
  },
  {
    method: 'POST',
    doc: 'POST /api/account#action=experiments',
    caller: 'merchant',
    valid: async (f) => {
      await stopRunningExperiments(f)
      return { path: account(f, 'experiments'), body: experimentBody() }
    },
  },
  {
    method: 'PUT',
    doc: 'PUT /api/account#action=experiments',
    caller: 'merchant',
    valid: async (f) => {
      await stopRunningExperiments(f)
      const res = await f.t.request(account(f, 'experiments'), {
        method: 'POST',
        token: f.shop.ownerToken,
        body: experimentBody(),
      })
      const { data } = (await res.json()) as {
        data: { id: string; arms: Array<{ id: string; holdout: boolean }> }
      }
      const arms = data.arms.filter((arm) => !arm.holdout)
      return {
        path: account(f, 'experiments'),
        body: { id: data.id, op: 'weights', weights: arms.map((arm) => ({ arm_id: arm.id, weight: 30 })) },
      }
    },
  },
]
