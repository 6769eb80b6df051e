import type { WordCloudEntry } from '@retainkit/shared/analytics'
import { CHART_COLORS } from './chart-theme'

const MIN_EM = 0.875
const MAX_EM = 2.75

/** Font size for a count: square-root scaled, so one dominant word does not shrink all others to dust. */
export function wordSize(value: number, min: number, max: number): number {
  if (max <= min) return (MIN_EM + MAX_EM) / 2
  const t = Math.sqrt((value - min) / (max - min))
  return Math.round((MIN_EM + t * (MAX_EM - MIN_EM)) * 1000) / 1000
}

/**
 * Visual position of the i-th most mentioned word among n: alternately right and left of the middle, so
 * the biggest words gather in the centre of the cloud. Only the CSS `order` changes; the DOM (and what a
 * screen reader reads) stays most-mentioned first.
 */
export function cloudOrder(index: number, count: number): number {
  const middle = Math.floor(count / 2)
  return index % 2 === 0 ? middle + index / 2 : middle - (index + 1) / 2
}

/**
 * The write-in word cloud: a list whose words are sized by how often subscribers wrote them, each with its
 * count for screen readers (and in the tooltip). The card's table view lists the same words and counts.
 */
export function WordCloud({ words }: { words: readonly WordCloudEntry[] }) {
  const values = words.map((word) => word.value)
  const max = Math.max(...values)
  const min = Math.min(...values)
  return (
    <ul className="rk-cloud" aria-label="Words subscribers wrote, most mentioned first">
      {words.map((word, index) => (
        <li
          key={word.text}
          className="rk-cloud__word"
          title={`${word.text}: ${word.value} ${word.value === 1 ? 'mention' : 'mentions'}`}
          style={{
            fontSize: `${wordSize(word.value, min, max)}em`,
            order: cloudOrder(index, words.length),
            color: CHART_COLORS[index % CHART_COLORS.length],
          }}
        >
          {word.text}
          <span className="rk-visually-hidden">
            : {word.value} {word.value === 1 ? 'mention' : 'mentions'}
          </span>
        </li>
      ))}
    </ul>
  )
}
