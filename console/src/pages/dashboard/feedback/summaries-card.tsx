import type { ApiData } from '@retainkit/shared/api'
import { sessionPath } from '@retainkit/shared/routes'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { userMessageOf } from '../../../lib/error-handler'
import { useApiResource } from '../../../lib/use-api-resource'
import { getWriteInSummaries } from './feedback-api'

type Summary = ApiData<'GET /api/account?action=summaries'>['summaries'][number]

const monthName = (month: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  )

/**
 * The monthly plain-language summaries of the write-ins (Pro), written by the model endpoint the
 * operator configured, each with the write-ins it was given so the merchant can check it against the
 * subscribers' own words. Shown only where summaries are set up or were written before.
 */
export function SummariesCard({ accountId }: { accountId: string }) {
  const headingId = useId()
  const resource = useApiResource(() => getWriteInSummaries(accountId), accountId)
  const { state } = resource
  if (state.status === 'ready' && !state.data.enabled && state.data.summaries.length === 0) return null
  return (
    <section
      className="rk-card rk-card--wide rk-summaries"
      aria-labelledby={headingId}
      aria-busy={state.status === 'loading'}
    >
      <header className="rk-card__header">
        <div>
          <h2 id={headingId}>Monthly write-in summaries</h2>
          <p className="rk-card__description">
            A plain-language summary of each month's write-ins, written by your installation's own model
            endpoint once the month is over. Check it against the write-ins it was given.
          </p>
        </div>
      </header>
      {state.status === 'loading' ? <p role="status">Loading summaries…</p> : null}
      {state.status === 'error' ? (
        <p className="rk-card__error" role="alert">
          {userMessageOf(state.error)}{' '}
          <button type="button" className="rk-link-button" onClick={() => void resource.reload()}>
            Try again
          </button>
        </p>
      ) : null}
      {state.status === 'ready' && state.data.summaries.length === 0 ? (
        <p role="status">No summary yet: the first is written after this month is over.</p>
      ) : null}
      {state.status === 'ready'
        ? state.data.summaries.map((summary) => (
            <SummaryItem key={summary.month} accountId={accountId} summary={summary} />
          ))
        : null}
    </section>
  )
}

function SummaryItem({ accountId, summary }: { accountId: string; summary: Summary }) {
  return (
    <article className="rk-summary">
      <h3 className="rk-subheading">
        {monthName(summary.month)}{' '}
        <span className="rk-summary__meta">
          ({summary.writeins} write-ins, by {summary.model})
        </span>
      </h3>
      <p className="rk-summary__text">{summary.summary}</p>
      {summary.quotes.length > 0 ? (
        <details className="rk-summary__quotes">
          <summary>The {summary.quotes.length} write-ins it was given</summary>
          <ol className="rk-quotes__list">
            {summary.quotes.map((quote) => (
              <li key={quote.event_id} className="rk-quote">
                <blockquote className="rk-quote__text">{quote.text}</blockquote>
                {quote.session_id ? (
                  <p className="rk-quote__meta">
                    <Link to={sessionPath(accountId, quote.session_id)}>
                      Open the session<span className="rk-visually-hidden"> of this write-in</span>
                    </Link>
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  )
}
