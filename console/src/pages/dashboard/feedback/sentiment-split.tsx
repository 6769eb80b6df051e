import type { SentimentLabel } from '@retainkit/shared/feedback-insights'
import type { SentimentView } from './feedback-shaping'
import { SentimentBar, SentimentLegend } from './sentiment-bars'

/**
 * The period's write-ins by sentiment: Starter's "basic write-in sentiment" and Pro's headline of the
 * breakdown below it. On Pro each part opens its write-ins.
 */
export function SentimentSplit({
  data,
  onSelect,
}: {
  data: SentimentView
  onSelect?: (sentiment: SentimentLabel) => void
}) {
  const { total } = data
  return (
    <div className="rk-sentiment-split">
      <p className="rk-card__summary">
        <strong>{total.total}</strong> {total.total === 1 ? 'write-in' : 'write-ins'} in this period
        {total.not_scored > 0
          ? ` (${total.not_scored} in a language without a sentiment model: not scored)`
          : ''}
      </p>
      <SentimentBar label="All write-ins" counts={total} {...(onSelect ? { onSelect } : {})} />
      <SentimentLegend counts={total} {...(onSelect ? { onSelect } : {})} />
    </div>
  )
}
