import type { CancellationReason } from '@retainkit/shared/config-types'
import { useCallback, useEffect, useState } from 'react'
import { getAccount, getConfig, getReasons } from '../../lib/api'
import type { AccountConfig, Tier } from '../../lib/api-types'
import { userMessageOf } from '../../lib/error-handler'
import { useCapability } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import { EditorWorkspace } from './editor-workspace'
import './editor.css'

type LoadState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; config: AccountConfig; tier: Tier | null; reasons: CancellationReason[] | null }

/**
 * /editor/?account_id=… — loads the account's current configuration (and its tier, for the free-tier
 * locks), then hands over to the workspace. Without canEditConfig the same view is read-only.
 */
export default function EditorPage() {
  const accountId = useAccountId()
  const canEdit = useCapability('canEditConfig')
  const [load, setLoad] = useState<LoadState>({ status: 'loading' })

  const fetchAll = useCallback(async (id: string) => {
    setLoad({ status: 'loading' })
    // Reasons come with the config so the preview opens on the reason screen, not on whatever a flow
    // without reasons would start with.
    const [config, account, reasons] = await Promise.all([getConfig(id), getAccount(id), getReasons(id)])
    if (config.error) {
      setLoad({ status: 'error', message: userMessageOf(config.error) })
      return
    }
    // The tier only decides which sections show as locked; the server enforces it either way.
    setLoad({
      status: 'ready',
      config: config.data,
      tier: account.data?.tier ?? null,
      reasons: reasons.data?.reasons ?? null,
    })
  }, [])

  useEffect(() => {
    if (accountId) void fetchAll(accountId)
  }, [accountId, fetchAll])

  if (!accountId) {
    return (
      <p className="rk-notice" role="alert">
        No account selected. Choose an account from the account menu.
      </p>
    )
  }
  if (load.status === 'loading') {
    return (
      <div className="rk-page-loading" role="status">
        Loading the cancel flow…
      </div>
    )
  }
  if (load.status === 'error') {
    return (
      <div className="rk-notice rk-notice--error" role="alert">
        <h1>The editor could not load</h1>
        <p>{load.message}</p>
        <button
          type="button"
          className="rk-button rk-button--primary"
          onClick={() => void fetchAll(accountId)}
        >
          Try again
        </button>
      </div>
    )
  }
  return (
    <EditorWorkspace
      key={`${accountId}:${load.config.version}`}
      accountId={accountId}
      initial={{
        config: load.config.config_json,
        version: load.config.version,
        updatedAt: load.config.updated_at,
      }}
      tier={load.tier}
      canEdit={canEdit}
      initialReasons={load.reasons}
    />
  )
}
