import { CONTACT_RESPONSE_HOURS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { ContactForm } from '../components/contact/contact-form'
import { PageLayout } from '../components/layout/page-layout'
import { ButtonLink, Hero } from '../components/ui/blocks'
import { Island } from '../islands/island'
import { DEMO_MAILTO, SITE } from '../site'
import type { PageDefinition } from './page-types'

function ContactPage() {
  return (
    <PageLayout>
      <Hero
        title="Contact Us"
        lead="Questions about Retainkit, pricing or your cancel flow? Send us a message and a person will reply."
      />
      <section className="section" aria-label="Contact options">
        <div className="container contact-grid">
          <div>
            <h2 className="section-title">Send a Message</h2>
            <Island name="contact-form" component={ContactForm} props={{}} />
            <noscript>
              <p className="form-note">
                The form needs JavaScript. You can also email us at{' '}
                <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>.
              </p>
            </noscript>
          </div>
          <aside className="contact-aside" aria-label="Company information">
            <div className="panel">
              <h2>Quick Response</h2>
              <p>{`We respond within ${CONTACT_RESPONSE_HOURS} hours on business days.`}</p>
            </div>
            <div className="panel">
              <h2>Company</h2>
              <p>
                <strong>{SITE.name}</strong>
                <br />
                Subscription retention for Stripe businesses
                <br />
                Email: <a href={`mailto:${SITE.contactEmail}`}>{SITE.contactEmail}</a>
                <br />
                Hours: Monday to Friday
              </p>
            </div>
            <div className="panel">
              <h2>Prefer a Demo?</h2>
              <p>See a cancel flow and the dashboard on a 20-minute call.</p>
              <a className="button button-secondary" href={DEMO_MAILTO}>
                Schedule a Demo
              </a>
            </div>
            <div className="panel">
              <h2>Ready to Start?</h2>
              <p>Compare Starter and Pro, and try Pro free.</p>
              <ButtonLink href={ROUTES.pricing}>See Pricing</ButtonLink>
            </div>
          </aside>
        </div>
      </section>
    </PageLayout>
  )
}

export const contactPage: PageDefinition = {
  title: 'Contact Us',
  description: `Talk to the Retainkit team about cancel flows, reactivation and pricing. We respond within ${CONTACT_RESPONSE_HOURS} hours on business days, or schedule a demo.`,
  render: () => <ContactPage />,
}
