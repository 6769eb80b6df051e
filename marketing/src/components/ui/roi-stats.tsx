import { MARKETING_CLAIMS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { Section, type Stat, StatGrid } from './blocks'

export const ROI_STATS: readonly Stat[] = [
  { value: MARKETING_CLAIMS.atRiskRecovered, label: 'of at-risk customers recovered' },
  { value: MARKETING_CLAIMS.savedByCancelFlows, label: 'saved by cancel flows' },
  { value: MARKETING_CLAIMS.savedByReactivation, label: 'won back by reactivation' },
  { value: `${MARKETING_CLAIMS.roiDays} days`, label: 'to return on investment, on average' },
]

/** The shared "what retention is worth" block, with the route to the calculator. */
export function RoiStats({ title = 'The Numbers Behind Retention' }: { title?: string }) {
  return (
    <Section
      title={title}
      tone="tint"
      intro="Typical results for subscription businesses that add cancel flows and reactivation. Your numbers depend on your churn, prices and offers."
    >
      <StatGrid stats={ROI_STATS} />
      <p className="section-more">
        <a className="button button-secondary" href={ROUTES.roiCalculator}>
          Calculate your ROI
        </a>
      </p>
    </Section>
  )
}
