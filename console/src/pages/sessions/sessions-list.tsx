import { ROUTES } from '@retainkit/shared/routes'
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { JURISDICTION_MODE_SHORT } from '../../features/jurisdiction-labels'
import { listSessions, type SessionsFilter } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import {
  customerLabel,
  formatWhen,
  mrrLabel,
  OUTCOME_LABELS,
  offerLabel,
  planLabel,
  type SessionSummary,
} from './session-words'

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; sessions: SessionSummary[]; next: string | null; more: 'idle' | 'loading' | 'error' }

/** The link to one session's page, keeping the account in the URL like the other pages. */
export const sessionHref = (accountId: string, sessionId: string) =>
  `${ROUTES.sessions}${encodeURIComponent(sessionId)}?account_id=${encodeURIComponent(accountId)}`

/**
 * A page of sessions and the next ones on demand (the server's keyset cursor: "Show more" costs the
 * same at the thousandth page). Reloads when the filter changes.
 */
export function useSessionPages(accountId: string, filter: SessionsFilter, pageSize?: number) {
  const [state, setState] = useState<ListState>({ status: 'loading' })
  const key = JSON.stringify([accountId, filter, pageSize])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's content is the key
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    void listSessions(accountId, filter, pageSize ? { limit: pageSize } : {}).then((result) => {
      if (!live) return
      setState(
        result.error
          ? { status: 'error', message: userMessageOf(result.error) }
          : { status: 'ready', sessions: result.data.sessions, next: result.data.next_cursor, more: 'idle' },
      )
    })
    return () => {
      live = false
    }
  }, [key])
  const more = useCallback(async () => {
    if (state.status !== 'ready' || !state.next) return
    const current = state
    setState({ ...current, more: 'loading' })
    const result = await listSessions(accountId, filter, {
      cursor: current.next ?? undefined,
      ...(pageSize ? { limit: pageSize } : {}),
    })
    setState(
      result.error
        ? { ...current, more: 'error' }
        : {
            status: 'ready',
            sessions: [...current.sessions, ...result.data.sessions],
            next: result.data.next_cursor,
            more: 'idle',
          },
    )
  }, [state, accountId, filter, pageSize])
  return { state, more }
}

/**
 * The sessions as a table (labelled cards on a phone): when, who, plan and MRR, reason, offer,
 * outcome, jurisdiction mode (none for a banner); each row opens the session's page.
 */
export function SessionsTable(props: {
  accountId: string
  sessions: readonly SessionSummary[]
  caption: string
}) {
  return (
    <div className="rk-table-scroll">
      <table className="rk-data-table rk-sessions__table">
        <caption className="rk-visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Started</th>
            <th scope="col">Customer</th>
            <th scope="col">Plan · MRR</th>
            <th scope="col">Reason</th>
            <th scope="col">Offer</th>
            <th scope="col">Outcome</th>
            <th scope="col">Jurisdiction</th>
          </tr>
        </thead>
        <tbody>
          {props.sessions.map((session) => (
            <tr key={session.id}>
              <th scope="row" data-label="Started">
                <Link to={sessionHref(props.accountId, session.id)}>
                  <time dateTime={session.started_at}>{formatWhen(session.started_at)}</time>
                </Link>
                {session.mode === 'test' ? <span className="rk-tag">Test</span> : null}
              </th>
              <td data-label="Customer" className="rk-sessions__customer">
                {customerLabel(session.customer)}
              </td>
              <td data-label="Plan · MRR">
                {planLabel(session.plan)} · {mrrLabel(session.mrr)}
              </td>
              <td data-label="Reason">{session.reason_key ?? '—'}</td>
              <td data-label="Offer">
                {offerLabel(session.offer_shown) ?? '—'}
                {session.offer_accepted ? ` → accepted` : ''}
              </td>
              <td data-label="Outcome">
                <span className={`rk-outcome rk-outcome--${session.outcome}`}>
                  {OUTCOME_LABELS[session.outcome]}
                </span>
              </td>
              <td data-label="Jurisdiction">
                {session.jurisdiction_mode ? JURISDICTION_MODE_SHORT[session.jurisdiction_mode] : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The list with its states: loading, error, one empty state, the rows and "Show more". */
export function SessionsList(props: {
  accountId: string
  filter: SessionsFilter
  reasonLabel: (key: string) => string
  pageSize?: number
  empty: string
}) {
  const { state, more } = useSessionPages(props.accountId, props.filter, props.pageSize)
  if (state.status === 'loading')
    return (
      <p className="rk-sessions__status" role="status">
        Loading sessions…
      </p>
    )
  if (state.status === 'error')
    return (
      <p className="rk-notice rk-notice--error" role="alert">
        The sessions could not be loaded. {state.message}
      </p>
    )
  if (state.sessions.length === 0)
    return (
      <p className="rk-sessions__empty" role="status">
        {props.empty}
      </p>
    )
  const sessions = state.sessions.map((session) => ({
    ...session,
    reason_key: session.reason_key ? props.reasonLabel(session.reason_key) : null,
  }))
  return (
    <>
      <SessionsTable accountId={props.accountId} sessions={sessions} caption="Sessions, newest first" />
      <p className="rk-sessions__count" role="status">
        {state.sessions.length === 1 ? '1 session shown' : `${state.sessions.length} sessions shown`}
        {state.next ? '' : ': that is all of them'}
      </p>
      {state.next ? (
        <button
          type="button"
          className="rk-button rk-button--secondary"
          disabled={state.more === 'loading'}
          onClick={() => void more()}
        >
          {state.more === 'loading' ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
      {state.more === 'error' ? (
        <p className="rk-notice rk-notice--error" role="alert">
          More sessions could not be loaded. Try again.
        </p>
      ) : null}
    </>
  )
}
