import type { Tier } from '@retainkit/shared/billing'
import { SENTIMENT_NAMES } from '@retainkit/shared/feedback-insights'
import { useMemo, useState } from 'react'
import { ChartCard } from '../chart-card'
import { type DatasetRange, useDataset } from '../use-dataset'
import { shapeBreakdown, shapeSentiment, shapeThemes } from './feedback-shaping'
import { QuotesPanel } from './quotes-panel'
import { type FigureSelection, SentimentBreakdown } from './sentiment-breakdown'
import { SentimentSplit } from './sentiment-split'
import { SummariesCard } from './summaries-card'
import { ThemesList } from './themes-view'
import '../../../features/forms/forms.css'
import './feedback.css'

interface CardCommon {
  labels: ReadonlyMap<string, string>
  accountId: string
  period: string
  testMode: boolean
}

/**
 * Why they leave, in their own words: the write-ins' sentiment (every tier), its breakdown and the themes
 * (Pro), and the write-ins behind whatever figure the merchant clicks (Pro). Its own file so the
 * dashboard page only places it.
 */
export function FeedbackSection({
  range,
  tier,
  common,
}: {
  range: DatasetRange
  /** undefined while it loads: the Pro data sets wait for it, so a free account never asks for them. */
  tier: Tier | null | undefined
  common: CardCommon
}) {
  const pro = tier !== 'free'
  const proRange = tier === undefined ? null : range
  const sentiment = useDataset('write-in-sentiment', range, false)
  const breakdown = useDataset('write-in-sentiment-breakdown', proRange, !pro)
  const themes = useDataset('write-in-themes', proRange, !pro)
  const [selection, setSelection] = useState<FigureSelection | null>(null)
  const { labels } = common
  const shapeRows = useMemo(() => (raw: unknown) => shapeBreakdown(raw, labels), [labels])
  const showQuotes = pro && tier !== undefined ? setSelection : undefined

  return (
    <>
      <ChartCard
        {...common}
        dataset="write-in-sentiment"
        description="Whether subscribers' written feedback was negative, neutral or positive, scored in the language they wrote in."
        load={sentiment}
        shape={shapeSentiment}
        renderChart={(data) => (
          <SentimentSplit
            data={data}
            {...(showQuotes
              ? {
                  onSelect: (label) =>
                    showQuotes({
                      title: `${SENTIMENT_NAMES[label]} write-ins`,
                      filter: { sentiment: label },
                    }),
                }
              : {})}
          />
        )}
      />
      <ChartCard
        {...common}
        wide
        dataset="write-in-sentiment-breakdown"
        description="The same write-ins split by reason, outcome, segment, experiment arm and month. Select a bar to read the write-ins behind it."
        load={breakdown}
        shape={shapeRows}
        renderChart={(data) => <SentimentBreakdown data={data} onSelect={setSelection} />}
      />
      <ChartCard
        {...common}
        wide
        dataset="write-in-themes"
        description="What the write-ins are about, with the change against the period before. Select a theme to read its write-ins."
        load={themes}
        shape={shapeThemes}
        renderChart={(data) => (
          <ThemesList
            accountId={common.accountId}
            data={data}
            reasons={labels}
            onSelect={setSelection}
            onChanged={themes.retry}
          />
        )}
      />
      {pro && tier !== undefined ? <SummariesCard accountId={common.accountId} /> : null}
      {selection ? (
        <QuotesPanel
          range={range}
          selection={selection}
          reasons={labels}
          onClose={() => setSelection(null)}
        />
      ) : null}
    </>
  )
}
