import { ROUTES } from '@retainkit/shared/routes'
import { PageLayout } from '../components/layout/page-layout'
import { ButtonLink, Hero } from '../components/ui/blocks'
import type { PageDefinition } from './page-types'

function NotFoundPage() {
  return (
    <PageLayout>
      <Hero
        title="Page not found"
        lead="The page you were looking for doesn't exist or has moved. These might help:"
        actions={
          <>
            <ButtonLink href={ROUTES.home}>Go to the home page</ButtonLink>
            <ButtonLink href={ROUTES.pricing} variant="secondary">
              See pricing
            </ButtonLink>
            <ButtonLink href={ROUTES.contact} variant="secondary">
              Contact us
            </ButtonLink>
          </>
        }
      />
    </PageLayout>
  )
}

export const notFoundPage: PageDefinition = {
  title: 'Page not found',
  description:
    'The page you were looking for does not exist. Go to the Retainkit home page, pricing or contact.',
  noindex: true,
  render: () => <NotFoundPage />,
}
