import { ROUTES } from '@retainkit/shared/routes'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { NoAccountNotice } from '../../components/no-account-notice'
import { getReasons, getSession } from '../../lib/api'
import { userMessageOf } from '../../lib/error-handler'
import { useApiResource } from '../../lib/use-api-resource'
import { useAccountId } from '../../session/use-account-id'
import { SESSION_SECTIONS } from './session-sections'
import { customerLabel } from './session-words'
import './sessions.css'

function useReasonLabels(accountId: string | null): (key: string) => string {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    if (!accountId) return
    let live = true
    void getReasons(accountId).then((result) => {
      if (live && result.data) setLabels(new Map(result.data.reasons.map((r) => [r.key, r.label])))
    })
    return () => {
      live = false
    }
  }, [accountId])
  return (key) => labels.get(key) ?? key
}

/**
 * /sessions/<id>?account_id=… — one session's story, a stable address: who the customer is (and a link
 * to them in Stripe), their plan and MRR, the segment and arm, every step with its time, the reason and
 * what they wrote, the offer and the save, and what happened since. Its sections are SESSION_SECTIONS.
 */
export default function SessionPage() {
  const accountId = useAccountId()
  const { sessionId = '' } = useParams()
  const reasonLabel = useReasonLabels(accountId)
  const { state, reload } = useApiResource(
    () => getSession(accountId ?? '', sessionId),
    `${accountId} ${sessionId}`,
  )
  if (!accountId) return <NoAccountNotice />
  const back = `${ROUTES.sessions}?account_id=${encodeURIComponent(accountId)}`
  return (
    <div className="rk-sessions rk-session">
      <p>
        <Link to={back}>All sessions</Link>
      </p>
      {state.status === 'loading' ? (
        <>
          <h1>Session</h1>
          <p role="status">Loading the session…</p>
        </>
      ) : state.status === 'error' ? (
        <>
          <h1>Session</h1>
          <div className="rk-notice rk-notice--error" role="alert">
            <p>{userMessageOf(state.error)}</p>
            <button type="button" className="rk-button rk-button--secondary" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        </>
      ) : (
        <>
          <h1>Session of {customerLabel(state.data.customer)}</h1>
          {SESSION_SECTIONS.map(({ id, title, Component }) => (
            <section key={id} id={id} className="rk-session__section" aria-labelledby={`session-${id}`}>
              <h2 id={`session-${id}`}>{title}</h2>
              <Component session={state.data} accountId={accountId} reasonLabel={reasonLabel} />
            </section>
          ))}
        </>
      )}
    </div>
  )
}
