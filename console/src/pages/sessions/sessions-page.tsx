import { useEffect, useState } from 'react'
import { NoAccountNotice } from '../../components/no-account-notice'
import { exportSessionsCsv, getReasons } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { useSession } from '../../session/session-store'
import { useAccountId } from '../../session/use-account-id'
import { csvFilename, downloadCsv } from '../dashboard/csv'
import { PeriodSelector } from '../dashboard/period-selector'
import { SliceSelector, sliceFromParams } from '../dashboard/slice-selector'
import { filterChoices, SessionFilterSelects, SessionSearch } from './sessions-filters'
import { SessionsList } from './sessions-list'
import { useSessionFilter } from './use-session-filter'
import './sessions.css'

function useReasons(accountId: string | null) {
  const [reasons, setReasons] = useState<Array<{ key: string; label: string }>>([])
  useEffect(() => {
    if (!accountId) return
    let live = true
    void getReasons(accountId).then((result) => {
      if (live && result.data) setReasons(result.data.reasons.map(({ key, label }) => ({ key, label })))
    })
    return () => {
      live = false
    }
  }, [accountId])
  return reasons
}

/** The filtered view as CSV, as the server writes it (the same filters, the same masking). */
function ExportCsv({
  accountId,
  filter,
  period,
}: {
  accountId: string
  filter: Parameters<typeof exportSessionsCsv>[1]
  period: string
}) {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  })
  const download = async () => {
    setState({ busy: true, message: null })
    const result = await exportSessionsCsv(accountId, filter)
    if (result.error) {
      setState({ busy: false, message: `The export failed: ${userMessageOf(result.error)}` })
      return
    }
    downloadCsv(
      csvFilename(accountId, filter.mode === 'test' ? 'sessions-test' : 'sessions', period),
      result.data,
    )
    setState({ busy: false, message: 'Sessions downloaded as CSV.' })
  }
  return (
    <div className="rk-sessions__export">
      <button
        type="button"
        className="rk-button rk-button--secondary"
        disabled={state.busy}
        onClick={() => void download()}
      >
        {state.busy ? 'Preparing…' : 'Export CSV'}
        <span className="rk-visually-hidden"> of these sessions</span>
      </button>
      <span className="rk-visually-hidden" role="status">
        {state.message ?? ''}
      </span>
    </div>
  )
}

/**
 * /sessions/?account_id=… — every cancel and banner session, newest first: who, plan and MRR, reason,
 * offer, outcome and jurisdiction mode; searched by e-mail or customer id and filtered (outcome,
 * reason, offer, kind, jurisdiction mode, segment or arm, mode, period), all in the URL; each row opens the session's page; the filtered view
 * downloads as CSV. Viewers see customers masked and search by customer id.
 */
export default function SessionsPage() {
  const accountId = useAccountId()
  const role = useSession((state) => state.membership?.role)
  const { filter, period, values, params, set } = useSessionFilter()
  const reasons = useReasons(accountId)
  if (!accountId) return <NoAccountNotice />
  const labels = new Map(reasons.map((reason) => [reason.key, reason.label]))
  const slice = sliceFromParams(params.get('segment'), params.get('arm'))
  const filtered = Boolean(
    filter.q ||
      values.outcome ||
      values.reason ||
      values.offer ||
      values.kind ||
      values.jurisdiction ||
      slice,
  )
  return (
    <div className="rk-sessions">
      <header className="rk-sessions__header">
        <h1>Sessions</h1>
        <p>Every cancel-flow and banner session: who, why, what was offered, and what happened since.</p>
      </header>
      <div className="rk-sessions__toolbar">
        <SessionSearch
          key={filter.q ?? ''}
          value={filter.q ?? ''}
          byEmail={role !== 'viewer'}
          onSearch={(q) => set({ q })}
        />
        <PeriodSelector key={period} period={period} onChange={(next) => set({ period: next })} />
        <label className="rk-sessions__mode">
          <input
            type="checkbox"
            checked={filter.mode === 'test'}
            onChange={(event) => set({ mode: event.target.checked ? 'test' : null })}
          />
          Test-mode sessions
        </label>
        <SliceSelector
          accountId={accountId}
          slice={slice}
          onChange={(next) => set({ segment: next?.segmentId ?? null, arm: next?.armId ?? null })}
        />
        <SessionFilterSelects
          choices={filterChoices(reasons)}
          values={values}
          onChange={(key, value) => set({ [key]: value })}
        />
        <ExportCsv accountId={accountId} filter={filter} period={period} />
      </div>
      <SessionsList
        accountId={accountId}
        filter={filter}
        reasonLabel={(key) => labels.get(key) ?? key}
        empty={
          filtered
            ? 'No sessions match these filters in this period.'
            : filter.mode === 'test'
              ? 'No test-mode sessions in this period.'
              : 'No sessions in this period yet: they appear here as soon as subscribers use your cancel flow.'
        }
      />
    </div>
  )
}
