import type { AccountConfig } from '@retainkit/shared/api'
import type { Tier } from '@retainkit/shared/billing'
import type { CancellationReason } from '@retainkit/shared/config-types'
import { PageLoadError } from '../../components/load-error'
import { NoAccountNotice } from '../../components/no-account-notice'
import { getAccount, getConfig, getReasons } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { type PageLoaded, useAccountLoad } from '../../lib/use-account-load'
import { useCapability } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import { EditorWorkspace } from './editor-workspace'
import './editor.css'

interface EditorData {
  config: AccountConfig
  tier: Tier | null
  reasons: CancellationReason[] | null
  /** The version of `reasons`, which the reasons editor saves on top of. */
  reasonsVersion: number | undefined
}

async function loadEditor(id: string): Promise<PageLoaded<EditorData>> {
  // Reasons come with the config so the preview opens on the reason screen, not on whatever a flow
  // without reasons would start with.
  const [config, account, reasons] = await Promise.all([getConfig(id), getAccount(id), getReasons(id)])
  if (config.error) return { status: 'error', message: userMessageOf(config.error) }
  // The tier only decides which sections show as locked; the server enforces it either way.
  return {
    status: 'ready',
    data: {
      config: config.data,
      tier: account.data?.tier ?? null,
      reasons: reasons.data?.reasons ?? null,
      reasonsVersion: reasons.data?.version,
    },
  }
}

/**
 * /editor/?account_id=… — loads the account's current configuration (and its tier, for the free-tier
 * locks), then hands over to the workspace. Without canEditConfig the same view is read-only.
 */
export default function EditorPage() {
  const accountId = useAccountId()
  const canEdit = useCapability('canEditConfig')
  const { state: load, retry } = useAccountLoad(accountId, loadEditor)

  if (!accountId) return <NoAccountNotice />
  if (load.status === 'loading') {
    return (
      <div className="rk-page-loading" role="status">
        Loading the cancel flow…
      </div>
    )
  }
  if (load.status === 'error') {
    return <PageLoadError title="The editor could not load" message={load.message} onRetry={retry} />
  }
  const { config, tier, reasons, reasonsVersion } = load.data
  return (
    <EditorWorkspace
      key={`${accountId}:${config.version}`}
      accountId={accountId}
      initial={{
        config: config.config_json,
        version: config.version,
        updatedAt: config.updated_at,
      }}
      tier={tier}
      canEdit={canEdit}
      initialReasons={reasons}
      initialReasonsVersion={reasonsVersion}
    />
  )
}
