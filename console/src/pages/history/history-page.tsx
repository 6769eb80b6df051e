import type { ApiData } from '@retainkit/shared/api'
import { ROUTES } from '@retainkit/shared/routes'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { PageLoadError } from '../../components/load-error'
import { NoAccountNotice } from '../../components/no-account-notice'
import { getConfigHistory, rollBackConfig } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { formatDateTime } from '../../lib/relative-time'
import { toast } from '../../lib/toast-store'
import { type PageLoaded, useAccountLoad } from '../../lib/use-account-load'
import { useCapability } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import { configFieldLabel } from '../editor/field-labels'
import './history.css'

type History = ApiData<'GET /api/account?action=config-history'>
type Version = History['versions'][number]

async function loadHistory(id: string): Promise<PageLoaded<History>> {
  const result = await getConfigHistory(id)
  return result.error
    ? { status: 'error', message: userMessageOf(result.error) }
    : { status: 'ready', data: result.data }
}

function ChangeList({ entry }: { entry: Version }) {
  if (entry.live) return <p className="rk-history__same">This is the live version.</p>
  if (entry.changes.length === 0) return <p className="rk-history__same">Same as the live version.</p>
  return (
    <table className="rk-data-table rk-history__diff">
      <caption className="rk-visually-hidden">
        Differences between version {entry.version} and the live version
      </caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          <th scope="col">Live</th>
          <th scope="col">Version {entry.version}</th>
        </tr>
      </thead>
      <tbody>
        {entry.changes.map((change) => (
          <tr key={change.path}>
            {/* The editor's words for the setting; its raw path on hover, for support and the API. */}
            <th scope="row" data-label="Setting" title={change.path} data-path={change.path}>
              {configFieldLabel(change.path)}
            </th>
            <td data-label="Live">{change.live ?? <em>not set</em>}</td>
            <td data-label={`Version ${entry.version}`}>{change.version ?? <em>not set</em>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * /editor/history?account_id=… — every saved version of the cancel flow with who saved it and when,
 * what differs from the live version, and one-click rollback (saved as a new version by the person
 * who clicked). Without canEditConfig the history is read-only.
 */
export default function HistoryPage() {
  const accountId = useAccountId()
  const canEdit = useCapability('canEditConfig')
  const { state, retry } = useAccountLoad(accountId, loadHistory)
  const [busy, setBusy] = useState<number | null>(null)

  if (!accountId) return <NoAccountNotice />
  if (state.status === 'loading') {
    return (
      <div className="rk-page-loading" role="status">
        Loading the flow's history…
      </div>
    )
  }
  if (state.status === 'error') {
    return <PageLoadError title="The history could not load" message={state.message} onRetry={retry} />
  }
  const { live_version: liveVersion, versions } = state.data

  const restore = async (version: number) => {
    setBusy(version)
    const result = await rollBackConfig(accountId, version, liveVersion)
    setBusy(null)
    if (result.error) {
      toast({ title: 'Rollback failed', description: userMessageOf(result.error), variant: 'destructive' })
      return
    }
    toast({
      title: `Version ${version} restored`,
      description: `It is live again as version ${result.data.version}.`,
    })
    retry()
  }

  return (
    <div className="rk-history">
      <header className="rk-history__header">
        <h1>Flow history</h1>
        <p>
          Every saved version of your cancel flow.{' '}
          <Link to={`${ROUTES.editor}?account_id=${encodeURIComponent(accountId)}`}>Back to the editor</Link>
        </p>
      </header>
      {versions.length === 0 ? (
        <p>Nothing has been saved yet: subscribers see the default flow.</p>
      ) : (
        <ol className="rk-history__list">
          {versions.map((entry) => (
            <li
              key={entry.version}
              className="rk-history__entry"
              aria-labelledby={`version-${entry.version}`}
            >
              <h2 id={`version-${entry.version}`}>
                Version {entry.version}
                {entry.live ? <span className="rk-history__badge"> Live</span> : null}
              </h2>
              <p className="rk-history__meta">
                Saved {formatDateTime(entry.created_at)} by {entry.created_by_email ?? 'a removed member'}
                {entry.restored_from ? ` · restored version ${entry.restored_from}` : ''}
              </p>
              <ChangeList entry={entry} />
              {canEdit && !entry.live ? (
                <button
                  type="button"
                  className="rk-button rk-button--secondary"
                  disabled={busy !== null}
                  onClick={() => void restore(entry.version)}
                >
                  {busy === entry.version ? 'Restoring…' : `Roll back to version ${entry.version}`}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
