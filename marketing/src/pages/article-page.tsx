import { ROUTES } from '@retainkit/shared/routes'
import {
  type ArticleRouteName,
  articleFor,
  GUIDE_ROUTE_NAMES,
  type GuideRouteName,
  LEGAL_ROUTE_NAMES,
} from '../articles/article-content'
import { ArticleView } from '../components/article/article-view'
import { PageLayout } from '../components/layout/page-layout'
import { LEGAL_LINKS } from '../components/nav/nav-links'
import { CardGrid, CtaBand, Section } from '../components/ui/blocks'
import type { Article } from '../content/types'
import { GUIDE_CARDS } from '../data/product-cards'
import type { PageDefinition } from './page-types'

function isGuide(route: ArticleRouteName): route is GuideRouteName {
  return (GUIDE_ROUTE_NAMES as readonly string[]).includes(route)
}

function RelatedGuides({ current }: { current: GuideRouteName }) {
  const cards = GUIDE_CARDS.filter((card) => card.href !== ROUTES[current])
  return (
    <Section title="Related Guides" tone="tint">
      <CardGrid cards={cards} />
    </Section>
  )
}

function OtherPolicies({ current }: { current: ArticleRouteName }) {
  const links = LEGAL_LINKS.filter((link) => link.href !== ROUTES[current])
  return (
    <Section title="Other Policies" tone="tint">
      <ul className="inline-links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function ArticlePage({ route, article }: { route: ArticleRouteName; article: Article }) {
  const guide = isGuide(route)
  return (
    <PageLayout>
      <ArticleView article={article} eyebrow={guide ? 'Guide' : 'Legal'} />
      {guide ? <RelatedGuides current={route} /> : <OtherPolicies current={route} />}
      {guide ? (
        <CtaBand
          title="Put It into Practice"
          text="Retainkit gives you cancel flows, reactivation and churn analytics in about 30 minutes."
          primary={{ label: 'See Pricing', href: ROUTES.pricing }}
          secondary={{ label: 'Calculate Your ROI', href: ROUTES.roiCalculator }}
        />
      ) : null}
    </PageLayout>
  )
}

export function articlePageDefinition(route: ArticleRouteName): PageDefinition {
  const article = articleFor(route)
  return {
    title: article.title,
    description: article.description,
    ogType: isGuide(route) ? 'article' : 'website',
    render: () => <ArticlePage route={route} article={article} />,
  }
}

export const ARTICLE_ROUTE_NAMES: readonly ArticleRouteName[] = [...GUIDE_ROUTE_NAMES, ...LEGAL_ROUTE_NAMES]
