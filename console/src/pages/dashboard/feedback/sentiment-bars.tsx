import {
  SENTIMENT_LABELS,
  SENTIMENT_NAMES,
  type SentimentCounts,
  type SentimentLabel,
} from '@retainkit/shared/feedback-insights'
import { shareOf } from './feedback-shaping'

/**
 * Sentiment as stacked bars drawn in HTML, so every part is a real button (keyboard, screen reader) that
 * opens the write-ins behind it. Colours have at least 3:1 contrast on white; the legend and each part's
 * label carry the words and numbers, so nothing depends on telling the colours apart.
 */
export const SENTIMENT_COLORS: Readonly<Record<SentimentLabel, string>> = {
  negative: '#be123c',
  neutral: '#64748b',
  positive: '#0f766e',
  not_scored: '#6d28d9',
}

/** Bars read from the complaints to the praise. */
export const BAR_ORDER: readonly SentimentLabel[] = ['negative', 'neutral', 'positive', 'not_scored']

const describe = (counts: SentimentCounts) =>
  BAR_ORDER.filter((label) => counts[label] > 0)
    .map((label) => `${counts[label]} ${SENTIMENT_NAMES[label].toLowerCase()}`)
    .join(', ')

export function SentimentBar({
  label,
  counts,
  onSelect,
}: {
  /** What the bar stands for ("Too expensive"), in every part's name. */
  label: string
  counts: SentimentCounts
  /** Opens the write-ins of one part; absent, the bar is a picture only. */
  onSelect?: (sentiment: SentimentLabel) => void
}) {
  const parts = BAR_ORDER.filter((sentiment) => counts[sentiment] > 0).map((sentiment) => {
    const style = { flexGrow: counts[sentiment], background: SENTIMENT_COLORS[sentiment] }
    const name = `${label}: ${counts[sentiment]} ${SENTIMENT_NAMES[sentiment].toLowerCase()} (${shareOf(counts[sentiment], counts.total)} %)`
    return onSelect ? (
      <button
        key={sentiment}
        type="button"
        className="rk-sentiment-bar__part"
        style={style}
        aria-label={`${name}: show the write-ins`}
        title={name}
        onClick={() => onSelect(sentiment)}
      />
    ) : (
      <span key={sentiment} className="rk-sentiment-bar__part" style={style} title={name} />
    )
  })
  const summary = `${label}: ${describe(counts)}`
  // Interactive, each part is a button that names itself; a picture, the bar names the whole.
  return onSelect ? (
    <div className="rk-sentiment-bar">{parts}</div>
  ) : (
    <div className="rk-sentiment-bar" role="img" aria-label={summary}>
      {parts}
    </div>
  )
}

/** The colours' key, with each sentiment's count and share; Pro's entries open their write-ins. */
export function SentimentLegend({
  counts,
  onSelect,
}: {
  counts: SentimentCounts
  onSelect?: (sentiment: SentimentLabel) => void
}) {
  return (
    <ul className="rk-sentiment-legend">
      {SENTIMENT_LABELS.filter((label) => label !== 'not_scored' || counts.not_scored > 0).map(
        (sentiment) => {
          const text = (
            <>
              <span
                className="rk-sentiment-legend__swatch"
                style={{ background: SENTIMENT_COLORS[sentiment] }}
              />
              {SENTIMENT_NAMES[sentiment]} <strong>{counts[sentiment]}</strong> (
              {shareOf(counts[sentiment], counts.total)} %)
            </>
          )
          return (
            <li key={sentiment}>
              {onSelect && counts[sentiment] > 0 ? (
                <button type="button" className="rk-link-button" onClick={() => onSelect(sentiment)}>
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          )
        },
      )}
    </ul>
  )
}
