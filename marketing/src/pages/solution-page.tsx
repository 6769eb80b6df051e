import { FREE_TRIAL_DAYS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import {
  AccountPageMock,
  type AccountPageMockProps,
  CancelPopupMock,
  type CancelPopupMockProps,
  ReactivationBannerMock,
} from '../components/mocks/cancel-popup-mock'
import { Illustrative } from '../components/mocks/illustrative'
import {
  ButtonLink,
  CardGrid,
  CtaBand,
  Faq,
  type FaqItem,
  Hero,
  Section,
  type TitledText,
} from '../components/ui/blocks'
import { RoiStats } from '../components/ui/roi-stats'
import { ALL_PRODUCT_KEYS, PRODUCT_CARDS } from '../data/product-cards'

export interface SolutionMock {
  caption: string
  popup?: CancelPopupMockProps
  banner?: { text: string; cta: string }
}

export interface SolutionPageContent {
  eyebrow: string
  title: string
  lead: string
  hero: AccountPageMockProps & { caption: string }
  issues: readonly TitledText[]
  solutions: readonly (TitledText & { mock: SolutionMock })[]
  faq: readonly FaqItem[]
}

function SolutionMockView({ mock }: { mock: SolutionMock }) {
  return (
    <Illustrative caption={mock.caption}>
      {mock.popup ? <CancelPopupMock {...mock.popup} /> : null}
      {mock.banner ? <ReactivationBannerMock {...mock.banner} /> : null}
    </Illustrative>
  )
}

/** The shared shape of the industry pages. */
export function SolutionPage({ content }: { content: SolutionPageContent }) {
  const { caption, ...account } = content.hero
  return (
    <PageLayout>
      <Hero
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        actions={
          <>
            <ButtonLink href={ROUTES.pricing}>Start Your Free Trial</ButtonLink>
            <ButtonLink href={ROUTES.roiCalculator} variant="secondary">
              Calculate Your ROI
            </ButtonLink>
          </>
        }
        visual={
          <Illustrative caption={caption}>
            <AccountPageMock {...account} />
          </Illustrative>
        }
      />
      <Section title="The Issues You Face" tone="tint">
        <ul className="feature-grid issue-grid">
          {content.issues.map((issue) => (
            <li key={issue.title} className="feature issue">
              <h3>{issue.title}</h3>
              <p>{issue.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How Retainkit Solves Them">
        <div className="solution-list">
          {content.solutions.map((solution) => (
            <article key={solution.title} className="solution-row">
              <div>
                <h3>{solution.title}</h3>
                <p>{solution.text}</p>
              </div>
              <SolutionMockView mock={solution.mock} />
            </article>
          ))}
        </div>
      </Section>
      <Section title="Products" tone="tint">
        <CardGrid cards={ALL_PRODUCT_KEYS.map((key) => PRODUCT_CARDS[key])} />
      </Section>
      <RoiStats />
      <Section title="Frequently Asked Questions">
        <Faq items={content.faq} />
      </Section>
      <CtaBand
        title="Ready to Reduce Churn?"
        text="Set up in about 30 minutes and see the return in about a week."
        primary={{ label: `${FREE_TRIAL_DAYS}-Day Free Trial`, href: ROUTES.pricing }}
        secondary={{ label: 'Contact Sales', href: ROUTES.contact }}
      />
    </PageLayout>
  )
}
