import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { createDefaultConfig } from '@retainkit/shared/default-config'
import { expect } from 'vitest'
import type { TestContext } from '../../test-support/harness'

/** Shared set-up for the segment and experiment suites (not a test file itself). */

/** The default config with its first screen's headline changed: how a test tells flows apart. */
export function flowTitled(
  headline: string,
  edit: (config: CancelFlowConfig) => void = () => {},
): CancelFlowConfig {
  const config = createDefaultConfig()
  config.copy.general.headline = headline
  edit(config)
  return config
}

export async function putSegments(t: TestContext, accountId: string, token: string, segments: unknown[]) {
  const res = await t.request(`/api/account?accountId=${accountId}&action=segments`, {
    method: 'PUT',
    token,
    body: { segments },
  })
  return {
    status: res.status,
    body: (await res.json()) as { data: { segments: Array<{ id: string; name: string }> } },
  }
}

export async function startExperiment(t: TestContext, accountId: string, token: string, body: unknown) {
  const res = await t.request(`/api/account?accountId=${accountId}&action=experiments`, {
    method: 'POST',
    token,
    body,
  })
  const json = (await res.json()) as {
    data: { id: string; arms: Array<{ id: string; name: string; holdout: boolean }> }
  }
  expect(res.status, JSON.stringify(json)).toBe(201)
  return json.data
}
