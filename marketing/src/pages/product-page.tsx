import { FREE_TRIAL_DAYS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import type { ReactNode } from 'react'
import { PageLayout } from '../components/layout/page-layout'
import {
  ButtonLink,
  CardGrid,
  CtaBand,
  Faq,
  type FaqItem,
  FeatureGrid,
  Hero,
  Section,
  Steps,
  type TitledText,
} from '../components/ui/blocks'
import { GUIDE_CARDS, otherProductCards, type ProductKey } from '../data/product-cards'

export interface ProductPageContent {
  product: ProductKey
  eyebrow: string
  title: string
  lead: string
  heroVisual: ReactNode
  /** Optional section right after the hero (the analytics page's mock dashboard). */
  showcase?: ReactNode
  howItWorks: readonly TitledText[]
  features: readonly TitledText[]
  problem: TitledText
  solution: TitledText
  faq: readonly FaqItem[]
}

/** The shared shape of the product pages. */
export function ProductPage({ content }: { content: ProductPageContent }) {
  return (
    <PageLayout>
      <Hero
        eyebrow={content.eyebrow}
        title={content.title}
        lead={content.lead}
        actions={
          <>
            <ButtonLink href={ROUTES.pricing}>See Pricing &amp; Start Free</ButtonLink>
            <ButtonLink href={ROUTES.contact} variant="secondary">
              Book a Demo
            </ButtonLink>
          </>
        }
        visual={content.heroVisual}
      />
      {content.showcase}
      <Section title="How It Works">
        <Steps steps={content.howItWorks} />
      </Section>
      <Section title="Features" tone="tint">
        <FeatureGrid features={content.features} />
      </Section>
      <Section title="The Problem, and How We Solve It">
        <div className="problem-solution">
          <div className="problem">
            <p className="label label-problem">The problem</p>
            <h3>{content.problem.title}</h3>
            <p>{content.problem.text}</p>
          </div>
          <div className="solution">
            <p className="label label-solution">The solution</p>
            <h3>{content.solution.title}</h3>
            <p>{content.solution.text}</p>
          </div>
        </div>
        <p className="section-more">
          <ButtonLink href={ROUTES.roiCalculator} variant="secondary">
            Calculate Your ROI
          </ButtonLink>
        </p>
      </Section>
      <Section title="Guides" tone="tint" intro="Practical reading on keeping subscribers.">
        <CardGrid cards={GUIDE_CARDS} />
      </Section>
      <Section title="Frequently Asked Questions">
        <Faq items={content.faq} />
      </Section>
      <Section title="Works Even Better Together" tone="tint">
        <CardGrid cards={otherProductCards(content.product)} />
      </Section>
      <CtaBand
        title="Start Keeping More Subscribers"
        text={`Try Pro free for ${FREE_TRIAL_DAYS} days, or start on the free Starter plan.`}
        primary={{ label: 'See Pricing', href: ROUTES.pricing }}
        secondary={{ label: 'Contact Sales', href: ROUTES.contact }}
      />
    </PageLayout>
  )
}
