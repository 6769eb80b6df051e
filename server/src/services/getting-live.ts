import {
  GETTING_LIVE_STEPS,
  type GettingLiveState,
  type GettingLiveStep,
} from '@retainkit/shared/getting-live'
import type { GettingLive } from '@retainkit/shared/schemas'
import { sql } from 'kysely'
import type { AppDeps } from '../deps'
import { isDemoAccount } from './demo-account'

type Facts = Record<GettingLiveStep, boolean> & { any_secret: boolean }

/**
 * Where an account stands on its way to a working install, read from the real state in one query:
 * Stripe credentials saved, the flow or its reasons saved at least once beyond the default the account
 * was created with (version 1), an active widget secret, the widget's config loaded
 * by an allowed page (widget_loads), and a cancel session in test mode and in live mode.
 */
export async function gettingLiveStatus(deps: AppDeps, accountId: string): Promise<GettingLive> {
  const { rows } = await sql<Facts>`
    select
      exists (select 1 from gateway_credentials where account_id = ${accountId}) as stripe_connected,
      (exists (select 1 from flow_configs where account_id = ${accountId} and version > 1)
        or exists (select 1 from cancellation_reasons where account_id = ${accountId} and version > 1))
        as flow_customised,
      exists (select 1 from widget_secrets where account_id = ${accountId} and revoked_at is null)
        as widget_secret_created,
      exists (select 1 from widget_secrets where account_id = ${accountId}) as any_secret,
      exists (select 1 from widget_loads where account_id = ${accountId}) as snippet_seen,
      exists (select 1 from cancel_sessions where account_id = ${accountId} and mode = 'test')
        as first_test_session,
      exists (select 1 from cancel_sessions where account_id = ${accountId} and mode = 'live')
        as first_live_session`.execute(deps.db)
  const facts = rows[0]
  const steps = GETTING_LIVE_STEPS.map((key) => {
    const state = facts ? stateOf(key, facts, isDemoAccount(accountId)) : 'todo'
    return { key, done: state === 'done', state }
  })
  return { steps, complete: steps.every((step) => step.done) }
}

/**
 * A step's state from the facts. Sessions are signed with a widget secret, so once one was recorded the
 * secret step is never "to do": with every secret revoked since, it has lapsed.
 */
function stateOf(key: GettingLiveStep, facts: Facts, demo: boolean): GettingLiveState {
  if (facts[key]) return 'done'
  if (key === 'stripe_connected' && demo) return 'demo'
  const signedBefore = facts.any_secret || facts.first_test_session || facts.first_live_session
  if (key === 'widget_secret_created' && signedBefore) return 'lapsed'
  return 'todo'
}
