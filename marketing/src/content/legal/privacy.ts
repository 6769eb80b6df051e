import type { Article } from '../types'

export const privacy: Article = {
  route: 'privacy',
  title: 'Privacy Policy',
  description:
    'What Retainkit collects from merchants and processes for them about subscribers, why, for how long, how it is secured and the rights everyone has over it.',
  lead: 'Retainkit handles two kinds of personal data: information about the businesses that use us, and information about those businesses’ subscribers, which we process on their behalf. This policy explains both, in plain English. Effective 1 January 2025; last updated 21 November 2026.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Who we are and our two roles',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit provides cancel flows, reactivation banners and retention analytics to businesses that bill through Stripe. Depending on whose data it is, we play one of two roles:',
        },
        {
          type: 'ul',
          items: [
            '**Controller** for data about our merchants and their team members, visitors to our website, and people who contact us. We decide how this data is used, and this policy is our notice to you.',
            '**Processor** for data about merchants’ subscribers. The merchant is the controller: it decides to use Retainkit, configures what happens, and is responsible for telling its subscribers. We act only on its instructions, under our [Data Processing Agreement](routes.dpa).',
          ],
        },
        {
          type: 'p',
          text: 'You can reach us about anything in this policy at [privacy@retainkit.example](mailto:privacy@retainkit.example).',
        },
      ],
    },
    {
      heading: 'What we collect from merchants',
      blocks: [
        {
          type: 'table',
          head: ['Category', 'Examples', 'Where it comes from'],
          rows: [
            [
              'Account data',
              'Name, email address, business name, team members and their roles',
              'You, when you sign up or invite colleagues',
            ],
            [
              'Stripe credentials',
              'Your restricted API key or connect token, stored encrypted and shown only masked',
              'You, when you connect Stripe',
            ],
            [
              'Configuration',
              'Your flows, reasons, offers, styling, site domains and widget secrets',
              'You, in the console',
            ],
            [
              'Billing data',
              'Plan, invoices, billing address and tax details; card details stay with our payment provider',
              'You, through our billing portal',
            ],
            [
              'Usage data',
              'Sign-in times, actions taken in the console, cancel-session counts for your plan, technical logs',
              'Generated as you use the Service',
            ],
            [
              'Correspondence',
              'Messages sent through our contact form or by email, waitlist sign-ups',
              'You, when you write to us',
            ],
          ],
        },
      ],
    },
    {
      heading: 'What we process about subscribers, on merchants’ behalf',
      blocks: [
        {
          type: 'p',
          text: 'When a subscriber opens a merchant’s cancel flow or sees a reactivation banner, we process the minimum needed to run it:',
        },
        {
          type: 'ul',
          items: [
            '**Stripe identifiers**: the subscriber’s Stripe customer id and subscription id, received in a token signed by the merchant’s own server.',
            '**Subscription details** read from the merchant’s Stripe account: the current plan, price and status, so the right offers can be shown and applied.',
            '**Cancellation reasons** the subscriber selects, and any **write-in feedback** they choose to type.',
            '**Session events**: which steps were shown, which offer was accepted or declined, whether the subscriber cancelled, stayed or closed the flow, with timestamps.',
            '**Technical data** needed to deliver the widget, such as IP address and browser type in short-lived server logs.',
          ],
        },
        {
          type: 'p',
          text: 'We do not receive subscribers’ card numbers: payments stay entirely within Stripe. The widget sets no cookies and does not track subscribers across sites. Write-in feedback is free text, so we ask merchants not to invite sensitive information in it. If you are a subscriber with a question about your data, please contact the business you subscribe to; if you contact us, we will pass your request to them.',
        },
      ],
    },
    {
      heading: 'Why we use it and on what legal basis',
      blocks: [
        {
          type: 'table',
          head: ['Purpose', 'Data used', 'Legal basis'],
          rows: [
            [
              'Providing the Service: sign-in, the console, flows, offers, analytics',
              'Account, configuration, Stripe credentials, usage',
              'Performing our contract with you',
            ],
            [
              'Running flows and banners for merchants',
              'Subscriber data listed above',
              'The merchant’s instructions, as its processor',
            ],
            ['Billing you and keeping accounting records', 'Billing data', 'Contract; legal obligation'],
            [
              'Keeping the Service secure and preventing abuse',
              'Usage and technical logs',
              'Our legitimate interest in a safe, reliable service',
            ],
            [
              'Improving the product',
              'Aggregated, de-identified usage patterns',
              'Our legitimate interest in making Retainkit better',
            ],
            [
              'Answering messages; waitlist updates',
              'Correspondence',
              'Legitimate interest in replying; consent for the waitlist',
            ],
            ['Service announcements', 'Email address', 'Contract; we do not send marketing without consent'],
          ],
        },
        {
          type: 'p',
          text: 'We do not sell personal data, we do not share it for advertising, and we do not use subscriber data for our own purposes.',
        },
      ],
    },
    {
      heading: 'How long we keep it',
      blocks: [
        {
          type: 'ul',
          items: [
            '**Account, configuration and usage data**: while your account is open, then deleted within 30 days of closure.',
            '**Stripe credentials**: until you disconnect Stripe or close your account, then deleted immediately.',
            '**Subscriber data**: for as long as the merchant’s account is open, unless the merchant asks us to delete it sooner, then deleted within 30 days of closure.',
            '**Server logs**: up to 30 days.',
            '**Billing records**: as long as tax and accounting law requires, typically several years.',
            '**Contact messages**: up to 12 months after the conversation ends. **Waitlist sign-ups**: until the product launches or you unsubscribe.',
          ],
        },
        {
          type: 'p',
          text: 'Backups follow the same rules on a short delay: deleted data disappears from backups as they roll over, within a further 30 days.',
        },
      ],
    },
    {
      heading: 'How we protect it',
      blocks: [
        {
          type: 'ul',
          items: [
            'Stripe keys and tokens are encrypted at rest with **AES-256-GCM**, never returned by our API in full and never written to logs.',
            'Subscribers are identified by **signed, expiring tokens** minted on the merchant’s server and valid for at most an hour; before any billing action we check that the subscription belongs to that customer.',
            'All traffic is encrypted in transit with TLS.',
            'Every request for account data is checked against the caller’s membership of that account, on the server.',
            'Sign-in links are single-use and expire after 15 minutes.',
            'Staff access to production data is limited to what is needed to run and support the Service.',
          ],
        },
      ],
    },
    {
      heading: 'Who we share it with',
      blocks: [
        {
          type: 'p',
          text: 'We share personal data only with service providers who help us run Retainkit, under contracts that require them to protect it, and with Stripe when a merchant instructs us to act on its Stripe account. The current list, with purposes and locations, is on our [subprocessors](routes.subprocessors) page. We may also disclose data where the law requires it, and we will tell the affected merchant unless we are legally prevented from doing so.',
        },
      ],
    },
    {
      heading: 'International transfers',
      blocks: [
        {
          type: 'p',
          text: 'Our service providers may process data outside the country where it was collected, including in the European Union and the United States. When personal data from the European Economic Area, the United Kingdom or Switzerland is transferred to a country without an adequacy decision, we rely on the European Commission’s Standard Contractual Clauses (with the UK addendum where relevant), or another lawful transfer mechanism, together with the safeguards described above.',
        },
      ],
    },
    {
      heading: 'Your rights',
      blocks: [
        {
          type: 'p',
          text: 'Depending on where you live, you may have the right to access the personal data we hold about you, correct it, delete it, restrict or object to how we use it, receive it in a portable format, and withdraw consent you have given. Residents of some US states have similar rights, including the right to know what we collect and not to be discriminated against for exercising their rights.',
        },
        {
          type: 'p',
          text: 'To exercise any of these rights, email [privacy@retainkit.example](mailto:privacy@retainkit.example). We will reply within one month, and may need to confirm your identity first. Subscribers’ requests about data we process for a merchant go to that merchant, and we help the merchant answer them. You also have the right to complain to your local data protection authority, though we would be grateful for the chance to put things right first.',
        },
        {
          type: 'p',
          text: 'Retainkit is a service for businesses and is not directed at children.',
        },
      ],
    },
    {
      heading: 'Cookies and changes to this policy',
      blocks: [
        {
          type: 'p',
          text: 'Our website sets no tracking cookies, and the widget sets no cookies on merchants’ sites. The details, including what we keep in your browser’s local storage, are in our [Cookie Policy](routes.cookies).',
        },
        {
          type: 'p',
          text: 'If we change this policy in a way that matters, we will email account owners before the change takes effect and update the date at the top of this page. Questions, concerns or requests: [privacy@retainkit.example](mailto:privacy@retainkit.example).',
        },
      ],
    },
  ],
}
