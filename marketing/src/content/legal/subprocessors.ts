import type { Article } from '../types'

export const subprocessors: Article = {
  route: 'subprocessors',
  title: 'Subprocessors',
  description:
    'The service providers that process personal data for Retainkit, what each one does, where and with which data, and how we announce changes 30 days ahead.',
  lead: 'To run Retainkit we rely on a small number of service providers. This page lists each one that may process personal data on behalf of our merchants, what it does, where it does it and which data it sees. It is the list referred to in our Data Processing Agreement. Effective 1 January 2025; last updated 21 November 2026.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Current subprocessors for Retainkit Cloud',
      blocks: [
        {
          type: 'table',
          caption: 'Service providers that process personal data for Retainkit Cloud',
          head: ['Name', 'Purpose', 'Location', 'Data'],
          rows: [
            [
              'Stripe — the merchant’s own Stripe account',
              'Reading subscriptions, prices and coupons; applying discounts, pauses, plan and billing-cycle switches, cancellations at period end and win-back subscriptions, each on the merchant’s instruction',
              'Wherever the merchant’s Stripe account processes data, under the merchant’s own agreement with Stripe',
              'Stripe customer and subscription ids, plan, price, subscription status and the offers applied',
            ],
            [
              'Cloud hosting provider (EU/US)',
              'Running the Retainkit application servers, the database that stores accounts, flows, sessions and sign-in data, and encrypted backups',
              'European Union or United States data centres',
              'All data held in the Service: account and configuration data, encrypted Stripe credentials, subscriber identifiers, cancellation reasons, write-in feedback, session events, short-lived logs',
            ],
            [
              'Email delivery provider',
              'Delivering sign-in links and essential service emails to merchants’ team members',
              'European Union or United States',
              'Recipient email address, message content (such as a sign-in link) and delivery status',
            ],
          ],
        },
        {
          type: 'p',
          text: 'A note on Stripe. Strictly speaking, Stripe processes this data as the merchant’s own payment provider, under the merchant’s agreement with Stripe, and Retainkit only reaches it through the access the merchant grants. We list it here so that every place subscriber data travels is visible in one table.',
        },
      ],
    },
    {
      heading: 'Self-hosted deployments',
      blocks: [
        {
          type: 'p',
          text: 'When a merchant or an operator runs Retainkit on their own infrastructure, the table above does not apply. The application, its database and its backups live on the operator’s own servers; sign-in emails go through the mail server the operator configures; and the only outside service involved is the merchant’s own Stripe account. Retainkit as a company does not receive personal data from a self-hosted deployment.',
        },
        {
          type: 'table',
          caption: 'Where data lives in a self-hosted deployment',
          head: ['Component', 'Who provides it', 'Data'],
          rows: [
            [
              'Application and database',
              'The operator’s own infrastructure',
              'Everything the Service stores, as listed above',
            ],
            [
              'Sign-in email',
              'The operator’s own mail server or provider',
              'Team members’ email addresses and sign-in links',
            ],
            ['Billing actions', 'The merchant’s own Stripe account', 'As in the Stripe row above'],
          ],
        },
      ],
    },
    {
      heading: 'Who is not on this list',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit uses no advertising networks, no data brokers, no third-party analytics on the widget and no tracking services of any kind, so none of them ever see your subscribers’ data. Payment data for Retainkit’s own subscription — how merchants pay us — is handled by our payment provider as part of our relationship with the merchant as a customer; it is described in our [Privacy Policy](routes.privacy) and involves no subscriber data.',
        },
        {
          type: 'p',
          text: 'Providers that never touch personal data, such as the services we use to build and test our software, are not subprocessors and are not listed here.',
        },
      ],
    },
    {
      heading: 'How we choose and oversee subprocessors',
      blocks: [
        {
          type: 'ul',
          items: [
            'We use as few providers as we can, and only where doing the job ourselves would be less safe or less reliable.',
            'Before adding a provider, we review its security practices and its record of handling personal data.',
            'Each provider signs a contract with data protection terms at least as protective as our [Data Processing Agreement](routes.dpa), including Standard Contractual Clauses where data leaves the European Economic Area, the United Kingdom or Switzerland.',
            'Each provider receives only the data it needs for its purpose, and we review the list at least once a year.',
          ],
        },
      ],
    },
    {
      heading: 'How changes are announced',
      blocks: [
        {
          type: 'p',
          text: 'We announce any new or replacement subprocessor at least **30 days** before it begins processing personal data. We update this page, change the date at the top, and email the owner of every Retainkit Cloud account. If you object to a change on reasonable data protection grounds, write to us within those 30 days; we will look for a solution with you, and if we cannot find one you may end the affected part of the Service with a refund of any prepaid fees for the remaining period, as our [Data Processing Agreement](routes.dpa) describes.',
        },
        {
          type: 'p',
          text: 'In an emergency, for example if a provider suddenly fails and we must replace it to keep the Service running, we may give shorter notice. We will explain why, and the same right to object applies.',
        },
      ],
    },
    {
      heading: 'Questions',
      blocks: [
        {
          type: 'p',
          text: 'If you need more detail about any provider for your own records or a data protection impact assessment, or you would like to be told about changes at a different address, email [privacy@retainkit.example](mailto:privacy@retainkit.example).',
        },
      ],
    },
  ],
}
