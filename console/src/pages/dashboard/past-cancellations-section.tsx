import type { PastCancellations } from '@retainkit/shared/api-types'
import { useCallback, useEffect, useId, useState } from 'react'
import { getPastCancellations, importPastCancellations } from '../../lib/api'
import { formatCount } from '../../lib/format'
import { useCapability } from '../../session/session-store'
import { Figures, ImportProgress, ReasonsTable, RecentTable } from './past-cancellations-view'
import './past-cancellations.css'

/** While an import runs, its progress is read this often. */
export const PAST_IMPORT_POLL_MS = 2000

const running = (data: PastCancellations | null) =>
  data?.import?.status === 'pending' || data?.import?.status === 'running'

/** The account's imported history; read again every two seconds while its import runs. */
function usePastCancellations(accountId: string | null) {
  const [data, setData] = useState<PastCancellations | null>(null)
  const [generation, setGeneration] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the trigger to read again.
  useEffect(() => {
    if (!accountId) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const load = async () => {
      const result = await getPastCancellations(accountId)
      if (!live) return
      // A 403 or an older server: the card is simply not there.
      const next = result.data ?? null
      setData(next)
      if (running(next)) timer = setTimeout(() => void load(), PAST_IMPORT_POLL_MS)
    }
    void load()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [accountId, generation])
  return { data, setData, reload: () => setGeneration((n) => n + 1) }
}

function Heading({ data, id }: { data: PastCancellations; id: string }) {
  const done = data.import?.status === 'done'
  const count = `${formatCount(data.total)} ${data.total === 1 ? 'cancellation' : 'cancellations'}`
  return (
    <header className="rk-card__header">
      <h2 id={id}>{done ? `Before Retainkit: ${count} in the last 12 months` : 'Before Retainkit'}</h2>
      <p className="rk-card__description">
        Subscriptions canceled in your Stripe account in the last 12 months, by the reason Stripe recorded.
        They are kept apart from Retainkit's own sessions: not in the save rate or the charts above.
        {data.import?.finished_at ? ` Imported ${new Date(data.import.finished_at).toLocaleString()}.` : ''}
      </p>
    </header>
  )
}

/**
 * The dashboard's "Before Retainkit" card: the cancellations imported from Stripe when it was connected
 * (the last 12 months, by Stripe's reason, the revenue they were worth and the latest ones), the
 * import's progress while it runs, and for those who manage the Stripe connection a way to run it (an
 * account connected before imports existed) or run it again. Not there until Stripe is connected.
 */
export function PastCancellationsSection({ accountId }: { accountId: string | null }) {
  const { data, setData, reload } = usePastCancellations(accountId)
  const canImport = useCapability('canManageCredentials')
  const [starting, setStarting] = useState(false)
  const [startError, setStartError] = useState<string | null>(null)
  const titleId = useId()
  const start = useCallback(async () => {
    if (!accountId) return
    setStarting(true)
    setStartError(null)
    const result = await importPastCancellations(accountId)
    setStarting(false)
    if (result.data) setData(result.data)
    else setStartError(result.error?.message ?? 'The import could not be started.')
    reload()
  }, [accountId, setData, reload])
  if (!data?.connected) return null
  const state = data.import
  return (
    <div className="rk-dashboard__grid rk-past-grid">
      <section className="rk-card rk-card--wide rk-past" aria-labelledby={titleId}>
        <Heading data={data} id={titleId} />
        <div className="rk-card__body">
          {state && state.status !== 'done' ? <ImportProgress state={state} /> : null}
          {state === null ? <p>Your Stripe history has not been imported yet.</p> : null}
          {state?.status === 'done' && data.total === 0 ? (
            <p>Stripe has no cancellations from the last 12 months.</p>
          ) : null}
          {data.total > 0 ? (
            <>
              <Figures data={data} />
              <ReasonsTable data={data} />
              <RecentTable rows={data.recent} />
            </>
          ) : null}
          {canImport && !running(data) ? (
            <p className="rk-past__actions">
              <button type="button" className="rk-button" disabled={starting} onClick={() => void start()}>
                {state === null ? 'Import from Stripe' : 'Import again from Stripe'}
              </button>
            </p>
          ) : null}
          {startError ? (
            <p className="rk-notice rk-notice--warning" role="alert">
              {startError}
            </p>
          ) : null}
        </div>
      </section>
    </div>
  )
}
