import type { Article } from '../types'

export const dpa: Article = {
  route: 'dpa',
  title: 'Data Processing Agreement',
  description:
    'How Retainkit processes subscriber data for merchants: roles, instructions, security measures, sub-processors, breach notice, deletion, audits and transfers.',
  lead: 'This Data Processing Agreement (“DPA”) forms part of the Terms of Service between Retainkit and each merchant that uses the Service. It sets out how we process personal data on the merchant’s behalf, as required by Article 28 of the EU and UK General Data Protection Regulations and similar laws elsewhere. It applies automatically; there is nothing to sign. Effective 1 January 2025; last updated 21 November 2026.',
  updated: '2026-11-21',
  sections: [
    {
      heading: '1. Roles and scope',
      blocks: [
        {
          type: 'p',
          text: 'The merchant is the **controller** of the personal data of its subscribers and end users that it causes Retainkit to process (“**Merchant Personal Data**”). Retainkit is its **processor**. Where the merchant is itself a processor for someone else, Retainkit is its sub-processor, and the merchant confirms that its own controller has authorised this.',
        },
        {
          type: 'p',
          text: 'This DPA covers Merchant Personal Data only. Data about the merchant’s own account and team, which Retainkit handles as a controller, is covered by our [Privacy Policy](routes.privacy). Words such as “personal data”, “processing”, “data subject” and “personal data breach” have the meanings given in the GDPR. If this DPA and the Terms of Service conflict on data protection, this DPA wins; if the Standard Contractual Clauses apply and conflict with either, the Clauses win.',
        },
      ],
    },
    {
      heading: '2. Details of the processing',
      blocks: [
        {
          type: 'table',
          head: ['Item', 'Description'],
          rows: [
            [
              'Subject matter',
              'Providing cancel flows, reactivation banners and retention analytics to the merchant through the Service.',
            ],
            ['Duration', 'The term of the merchant’s agreement, plus the deletion period in section 10.'],
            [
              'Nature and purpose',
              'Receiving, storing, analysing and displaying data so subscribers can complete cancel flows and banners; applying billing changes in the merchant’s Stripe account on the merchant’s instruction; producing analytics for the merchant.',
            ],
            [
              'Categories of data subjects',
              'The merchant’s subscribers and former subscribers who interact with the widget.',
            ],
            [
              'Categories of personal data',
              'Stripe customer id and subscription id; plan, price and subscription status; cancellation reasons; write-in feedback; session events (steps shown, offers accepted or declined, outcome, timestamps); technical data such as IP address and user agent in short-lived logs.',
            ],
            [
              'Special categories',
              'None intended. Write-in feedback is free text; the merchant will not ask subscribers to provide special-category data in it.',
            ],
            ['Frequency', 'Continuous, whenever a subscriber uses the merchant’s cancel flow or banner.'],
          ],
        },
      ],
    },
    {
      heading: '3. Instructions',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit processes Merchant Personal Data only on the merchant’s documented instructions. The Terms of Service, this DPA, the flows and settings the merchant publishes in the console, and the choices subscribers make within those flows together make up those instructions. Retainkit will tell the merchant if it believes an instruction breaks data protection law, and will not process Merchant Personal Data for its own purposes.',
        },
        {
          type: 'p',
          text: 'If the law requires Retainkit to process Merchant Personal Data in another way, it will inform the merchant before doing so, unless the law prohibits that notice.',
        },
      ],
    },
    {
      heading: '4. Confidentiality',
      blocks: [
        {
          type: 'p',
          text: 'Everyone at Retainkit who can access Merchant Personal Data is bound by a duty of confidentiality, by contract or by law, and accesses it only as needed to run, secure and support the Service.',
        },
      ],
    },
    {
      heading: '5. Security measures',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit maintains technical and organisational measures appropriate to the risk, including:',
        },
        {
          type: 'ul',
          items: [
            'encryption of all traffic in transit with TLS;',
            'encryption at rest of Stripe keys and access tokens with AES-256-GCM, masking of keys in every interface and exclusion of secrets from logs;',
            'subscriber identification through tokens signed by the merchant’s server and valid for at most one hour, with rotatable signing secrets;',
            'a server-side check, before every billing action, that the subscription belongs to the customer named in the token;',
            'access control on every request, limiting each user to the accounts they are a member of, with roles for owners, admins, editors and viewers;',
            'single-use sign-in links that expire after 15 minutes, stored only as hashes;',
            'validation of all input and sanitised error messages that do not reveal internal details;',
            'restricted staff access to production systems, granted on a need-to-know basis and reviewed regularly;',
            'encrypted backups and a tested restore procedure;',
            'a fail-open widget design, so an outage can never prevent a subscriber from cancelling.',
          ],
        },
        {
          type: 'p',
          text: 'Retainkit may improve these measures over time, but will not reduce the overall level of protection during the term.',
        },
      ],
    },
    {
      heading: '6. Sub-processors',
      blocks: [
        {
          type: 'p',
          text: 'The merchant gives general authorisation for Retainkit to use sub-processors. The current list is on our [subprocessors](routes.subprocessors) page. Retainkit will announce any new or replacement sub-processor at least **30 days** before it starts processing Merchant Personal Data. If the merchant objects on reasonable data protection grounds, the parties will discuss it in good faith; if they cannot resolve the objection, the merchant may terminate the affected part of the Service and receive a refund of prepaid fees for the remaining period.',
        },
        {
          type: 'p',
          text: 'Retainkit imposes data protection obligations on each sub-processor that are no less protective than this DPA, and remains responsible to the merchant for their performance.',
        },
      ],
    },
    {
      heading: '7. Assistance',
      blocks: [
        {
          type: 'p',
          text: 'Taking into account the nature of the processing, Retainkit will help the merchant respond to data subjects exercising their rights — for example by locating, exporting or deleting a subscriber’s data — and will forward to the merchant, without answering it, any request it receives directly from a subscriber. Retainkit will also provide reasonable information the merchant needs for data protection impact assessments and consultations with supervisory authorities.',
        },
      ],
    },
    {
      heading: '8. Personal data breaches',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit will notify the merchant **without undue delay** after becoming aware of a personal data breach affecting Merchant Personal Data, with a target of **48 hours**. The notice will describe, as far as then known, the nature of the breach, the categories and approximate number of data subjects and records concerned, the likely consequences, and the measures taken or proposed. Where not everything is known at once, Retainkit will provide information in stages as it becomes available.',
        },
        {
          type: 'p',
          text: 'Retainkit will take reasonable steps to contain and investigate the breach, and will cooperate with the merchant on notifying authorities and data subjects. Notice of a breach is not an admission of fault.',
        },
      ],
    },
    {
      heading: '9. Audits',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit will make available the information reasonably needed to demonstrate compliance with this DPA, including answers to security questionnaires and summaries of relevant assessments. If that is not sufficient, or a supervisory authority requires it, the merchant may conduct an audit, itself or through an independent auditor bound by confidentiality, no more than once a year, with at least 30 days’ written notice, during business hours, and in a way that does not put other merchants’ data at risk. Each party bears its own costs of an audit.',
        },
      ],
    },
    {
      heading: '10. Deletion and return',
      blocks: [
        {
          type: 'p',
          text: 'During the term, the merchant can ask Retainkit at any time to export or delete a particular subscriber’s data, and Retainkit will do so within 30 days. When the agreement ends, the merchant may export its data for 30 days; after that, Retainkit deletes Merchant Personal Data from its live systems within 30 days, and from backups as they roll over within a further 30 days, unless the law requires it to be kept. Retainkit will confirm deletion in writing on request.',
        },
      ],
    },
    {
      heading: '11. International transfers',
      blocks: [
        {
          type: 'p',
          text: 'Where Merchant Personal Data is transferred from the European Economic Area, the United Kingdom or Switzerland to a country that does not have an adequacy decision, the European Commission’s **Standard Contractual Clauses** apply and are incorporated by reference: Module Two (controller to processor) between the merchant and Retainkit, and Module Three (processor to processor) between Retainkit and its sub-processors where needed. For UK transfers, the UK International Data Transfer Addendum applies alongside them; for Swiss transfers, references to the GDPR are read as references to Swiss data protection law.',
        },
        {
          type: 'p',
          text: 'For the Clauses, the optional docking clause applies; sub-processors are authorised generally under section 6 of this DPA; the governing law and courts are those of an EU member state in which the merchant is established, or otherwise Ireland; and the details of processing are those in section 2. Retainkit assesses the law of each destination country and applies the measures in section 5 to every transfer.',
        },
      ],
    },
    {
      heading: '12. Self-hosted deployments and contact',
      blocks: [
        {
          type: 'p',
          text: 'If the merchant runs Retainkit on its own infrastructure, Retainkit does not host or have access to Merchant Personal Data in that deployment, and this DPA applies only to any processing Retainkit actually performs, for example while providing support the merchant requests.',
        },
        {
          type: 'p',
          text: 'Questions about this DPA, and notices under it, go to [privacy@retainkit.example](mailto:privacy@retainkit.example) or [legal@retainkit.example](mailto:legal@retainkit.example). Retainkit sends notices to the account owner’s email address.',
        },
      ],
    },
  ],
}
