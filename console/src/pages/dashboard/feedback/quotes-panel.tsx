import type { ApiData } from '@retainkit/shared/api'
import { OUTCOME_NAMES, SENTIMENT_NAMES } from '@retainkit/shared/feedback-insights'
import { sessionPath } from '@retainkit/shared/routes'
import { type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { ApiError } from '../../../lib/api-client'
import { userMessageOf } from '../../../lib/error-handler'
import type { DatasetRange } from '../use-dataset'
import { getQuotes } from './feedback-api'
import type { FigureSelection } from './sentiment-breakdown'

type Quote = ApiData<'GET /api/analytics/quotes'>['quotes'][number]

const dateOf = (at: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(at))

/**
 * The write-ins behind the figure the merchant clicked, newest first, twenty at a time, each with its
 * session. Focus moves to the panel's heading when it opens, so keyboard and screen-reader users land
 * on what they asked for.
 */
export function QuotesPanel({
  range,
  selection,
  reasons,
  onClose,
}: {
  range: DatasetRange
  selection: FigureSelection
  reasons: ReadonlyMap<string, string>
  onClose: () => void
}) {
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { accountId } = range
  const { quotes, next, error, loading, showMore } = useQuotes(range, selection, heading)

  return (
    <section className="rk-card rk-card--wide rk-quotes" aria-labelledby={headingId} aria-busy={loading}>
      <header className="rk-card__header">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1}>
            Write-ins: {selection.title}
          </h2>
          <p className="rk-card__description">
            What subscribers wrote, newest first, with the session each came from.
          </p>
        </div>
        <button type="button" className="rk-button rk-button--small rk-button--secondary" onClick={onClose}>
          Close<span className="rk-visually-hidden"> the write-ins</span>
        </button>
      </header>
      {error ? (
        <p className="rk-card__error" role="alert">
          {userMessageOf(error)}
        </p>
      ) : null}
      {!loading && !error && quotes.length === 0 ? (
        <p role="status">No write-ins behind this figure.</p>
      ) : null}
      <ol className="rk-quotes__list">
        {quotes.map((quote) => (
          <QuoteItem key={quote.event_id} quote={quote} accountId={accountId} reasons={reasons} />
        ))}
      </ol>
      {loading ? <p role="status">Loading write-ins…</p> : null}
      {next && !loading ? (
        <button type="button" className="rk-button rk-button--secondary" onClick={() => showMore(next)}>
          Show more write-ins
        </button>
      ) : null}
    </section>
  )
}

/** One write-in: the words, their sentiment, reason and outcome, when, and a link to its session. */
function QuoteItem({
  quote,
  accountId,
  reasons,
}: {
  quote: Quote
  accountId: string
  reasons: ReadonlyMap<string, string>
}) {
  return (
    <li className="rk-quote">
      <blockquote className="rk-quote__text" lang={quote.language ?? undefined}>
        {quote.text}
      </blockquote>
      <p className="rk-quote__meta">
        <span className={`rk-quote__sentiment rk-quote__sentiment--${quote.sentiment}`}>
          {SENTIMENT_NAMES[quote.sentiment]}
        </span>
        {quote.reason_key ? <span>{reasons.get(quote.reason_key) ?? quote.reason_key}</span> : null}
        <span>{OUTCOME_NAMES[quote.outcome]}</span>
        <span>{dateOf(quote.created_at)}</span>
        {quote.session_id ? (
          <Link to={sessionPath(accountId, quote.session_id)}>
            Open the session<span className="rk-visually-hidden"> of this write-in</span>
          </Link>
        ) : null}
      </p>
    </li>
  )
}

/**
 * The write-ins behind the selected figure, a page at a time: a new figure or range starts again from
 * the newest (and moves focus to the panel's heading), `showMore` appends the next page.
 */
function useQuotes(
  range: DatasetRange,
  selection: FigureSelection,
  heading: RefObject<HTMLHeadingElement | null>,
) {
  const [quotes, setQuotes] = useState<Quote[]>([])
  const [next, setNext] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [loading, setLoading] = useState(true)
  const [cursor, setCursor] = useState<string | undefined>(undefined)
  const { accountId, startDate, endDate, mode, slice } = range
  const filterKey = JSON.stringify(selection.filter)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON (filterKey)
  useEffect(() => {
    setQuotes([])
    setCursor(undefined)
    heading.current?.focus()
  }, [filterKey, accountId, startDate, endDate, mode, slice])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON (filterKey)
  useEffect(() => {
    let live = true
    setLoading(true)
    setError(null)
    getQuotes({
      accountId,
      startDate,
      endDate,
      ...(mode ? { mode } : {}),
      ...(slice ? { slice } : {}),
      filter: selection.filter,
      ...(cursor ? { before: cursor } : {}),
    }).then((result) => {
      if (!live) return
      setLoading(false)
      if (result.error) setError(result.error)
      else {
        setQuotes((shown) => (cursor ? [...shown, ...result.data.quotes] : result.data.quotes))
        setNext(result.data.next)
      }
    })
    return () => {
      live = false
    }
  }, [filterKey, cursor, accountId, startDate, endDate, mode, slice])

  return { quotes, next, error, loading, showMore: setCursor }
}
