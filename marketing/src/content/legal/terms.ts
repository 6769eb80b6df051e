import type { Article } from '../types'

export const terms: Article = {
  route: 'terms',
  title: 'Terms of Service',
  description:
    'The agreement between Retainkit and the businesses that use it: accounts, plans and billing, Stripe access, fair cancel flows, liability and termination.',
  lead: 'These terms are the agreement between Retainkit and the business that signs up to use it. We have tried to write them the way we would explain them across a table: plainly, and without surprises. Effective 1 January 2025; last updated 21 November 2026.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Who these terms apply to',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit (“**we**”, “**us**”) provides a subscription-retention service: cancel flows, reactivation banners, retention analytics and related tools for businesses that bill their customers through Stripe (the “**Service**”). These terms apply to the business that creates an account (“**you**”, the “**merchant**”) and to everyone who uses the Service on its behalf.',
        },
        {
          type: 'p',
          text: 'The Service is for businesses. By accepting these terms you confirm that you are using Retainkit for your trade, business or profession, and that you have authority to bind the business you represent. Your customers, whom we call “**subscribers**”, are not party to these terms; their relationship is with you.',
        },
        {
          type: 'p',
          text: 'Our [Privacy Policy](routes.privacy), [Cookie Policy](routes.cookies) and [Data Processing Agreement](routes.dpa) form part of these terms. If you operate Retainkit on your own infrastructure rather than using Retainkit Cloud, the sections about hosting, availability and billing do not apply to that deployment, and you are responsible for the infrastructure and the data on it.',
        },
      ],
    },
    {
      heading: 'Your account',
      blocks: [
        {
          type: 'ul',
          items: [
            'You sign in with a link sent to your email address or through a supported sign-in provider. Keep access to that email account secure: whoever controls it can sign in as you.',
            'You can invite team members and give them a role. You are responsible for what people do with the access you give them, and for removing access when someone leaves.',
            'Give us accurate account details and keep them current, especially the email address we use for billing and service notices.',
            'Tell us promptly at [legal@retainkit.example](mailto:legal@retainkit.example) if you believe your account has been accessed without permission.',
          ],
        },
      ],
    },
    {
      heading: 'Plans, trial and billing',
      blocks: [
        {
          type: 'table',
          caption: 'Plans',
          head: ['Plan', 'Price', 'What is included'],
          rows: [
            [
              'Starter',
              '$0',
              'Up to 50 cancel sessions per calendar month, the default cancel flow and basic reason analytics. Save offers and reactivation banners are not included.',
            ],
            [
              'Pro',
              '$100 per month, or $80 per month billed annually ($960 a year)',
              'Custom flows and styling, save offers applied through Stripe (discount, pause, plan switch, billing-cycle switch), reactivation banners and full analytics. 500 cancel sessions per calendar month are included; each further cancel session that month costs $1.',
            ],
          ],
        },
        {
          type: 'p',
          text: 'A **cancel session** is one subscriber opening your cancel flow. On Starter, once the month’s 50 sessions are used, the widget steps aside and subscribers go straight to your own cancellation path until the next month begins. On Pro, sessions are never cut off; sessions above 500 in a calendar month are billed at $1 each in arrears, on your next invoice.',
        },
        {
          type: 'ul',
          items: [
            '**Free trial.** Pro starts with a 30-day free trial. You will not be charged during the trial, and if you cancel before it ends you will not be charged at all.',
            '**Renewal.** Paid plans renew automatically at the end of each billing period, monthly or annually, until cancelled.',
            '**Cancel any time.** You can cancel from your account’s billing page. Your plan stays active until the end of the period you have paid for, and it does not renew after that. We do not refund partial periods, except where the law requires it.',
            '**Price changes.** We will give you at least 30 days’ notice by email before a price change applies to you. The new price takes effect from your next renewal after the notice period.',
            '**Taxes.** Prices exclude taxes such as VAT or sales tax, which we add where required.',
            '**Late payment.** If a payment fails, we will tell you and retry. If it still has not been paid 14 days after we notify you, we may move your account to Starter until it is.',
          ],
        },
      ],
    },
    {
      heading: 'Your Stripe account and billing actions',
      blocks: [
        {
          type: 'p',
          text: 'To apply save offers and win-back offers, Retainkit connects to your own Stripe account, either with a restricted API key you create or through Stripe’s connect flow. We store keys and tokens encrypted, never display them in full after you save them, and use them only to provide the Service.',
        },
        {
          type: 'p',
          text: 'Retainkit performs billing actions **on your instruction**. Your instruction is the flow you publish together with the choice a subscriber makes inside it, or an action you take in the console. Depending on your configuration, these actions include reading a subscriber’s subscription and price; applying a discount; pausing payment collection; switching a plan or billing cycle; scheduling a cancellation at the end of the billing period; resuming a subscription or undoing a scheduled cancellation; and starting a new subscription for a returning subscriber who accepts a win-back offer. If you choose to handle cancellations or offers in your own code, we pass the subscriber’s choice to you and take no billing action ourselves.',
        },
        {
          type: 'p',
          text: 'You remain responsible for your Stripe account, your agreement with Stripe and any Stripe fees. You can revoke our access at any time by deleting the key or disconnecting Retainkit in Stripe; offers that need Stripe will stop working until you reconnect.',
        },
      ],
    },
    {
      heading: 'Acceptable use',
      blocks: [
        {
          type: 'p',
          text: 'Retainkit exists to keep subscribers for good reasons, never to trap them. When you use the Service you agree that:',
        },
        {
          type: 'ul',
          items: [
            '**A clear way to cancel stays visible.** Every step of your cancel flow must let a subscriber finish cancelling. You will not hide, disguise or disable that path, inside Retainkit or around it.',
            '**No dark patterns.** You will not use wording or design that shames, misleads or pressures subscribers, such as guilt-laden decline buttons, fake deadlines, misleading prices or offers whose terms are not stated.',
            '**Offers are honest.** Every offer you configure states what the subscriber gets, for how long and what happens afterwards, and you honour it.',
            '**Cancellations are honoured.** When a subscriber completes a cancellation, you will not continue to charge them for later periods.',
            'You will not use the Service for anything unlawful, upload malicious code, attempt to access other merchants’ data, overload or probe the Service without our written permission, or resell it without an agreement with us.',
            'You will not use write-in feedback fields to ask subscribers for sensitive information such as health details or payment card numbers.',
          ],
        },
        {
          type: 'p',
          text: 'If you find a security issue, please tell us at [legal@retainkit.example](mailto:legal@retainkit.example) before disclosing it publicly, and we will work with you on it.',
        },
      ],
    },
    {
      heading: 'Your responsibilities to your subscribers',
      blocks: [
        {
          type: 'p',
          text: 'Your subscribers are your customers, and the laws that protect them apply to your business. Retainkit gives you tools that make compliance easier — a visible way to cancel on every step, the option to switch offers off per jurisdiction, and a confirmation subscribers can keep — but the responsibility for using them correctly is yours. In particular, you are responsible for:',
        },
        {
          type: 'ul',
          items: [
            'complying with the consumer-protection, automatic-renewal and cancellation laws that apply to your subscribers, including switching offers off where local rules restrict them;',
            'your own sign-up disclosures, renewal reminders, refund policies and terms with your subscribers;',
            'telling your subscribers, in your privacy notice, that you use a service provider for cancellation and retention, and having a lawful basis for the data you share with us;',
            'minting subscriber tokens only on your own server and keeping your widget secrets confidential.',
          ],
        },
        {
          type: 'p',
          text: 'Nothing we publish, including our guides, is legal advice. If you are unsure what the rules require for your subscribers, please ask someone qualified to advise you.',
        },
      ],
    },
    {
      heading: 'Data and intellectual property',
      blocks: [
        {
          type: 'p',
          text: 'Your data stays yours. You own your account content, your flow configurations and the data about your subscribers. We process subscriber data as your processor under the [Data Processing Agreement](routes.dpa), and only to provide and improve the Service for you. We do not sell it and we do not use it to serve advertising.',
        },
        {
          type: 'p',
          text: 'We own Retainkit: the software, the widget, the console, our designs and our documentation. We grant you a non-exclusive, non-transferable right to use the Service during your subscription. If you send us suggestions, we may use them without obligation to you; thank you in advance.',
        },
      ],
    },
    {
      heading: 'Availability and support',
      blocks: [
        {
          type: 'p',
          text: 'We work hard to keep Retainkit available and fast, but we do not promise uninterrupted service. We may need planned maintenance, which we will try to schedule at quiet times and announce in advance where it could affect you. The widget is built to fail open: if it cannot load or reach us within a few seconds, your subscriber’s click continues to your own cancellation path, so an outage on our side never stops anyone from cancelling.',
        },
        {
          type: 'p',
          text: 'You can reach us through the contact page; we aim to reply within 24 hours on business days. Pro customers receive priority support.',
        },
      ],
    },
    {
      heading: 'Warranties and liability',
      blocks: [
        {
          type: 'p',
          text: 'We provide the Service with reasonable skill and care. Beyond that, and to the extent the law allows, the Service is provided “as is”. Retention results depend on your product, your offers and your subscribers, so we do not guarantee any particular save rate, revenue or outcome. Figures in our marketing and guides are typical ranges, not promises.',
        },
        {
          type: 'p',
          text: 'To the extent the law allows, neither of us is liable to the other for indirect or consequential loss, or for lost profits, revenue or goodwill, and each party’s total liability under these terms in any 12-month period is limited to the fees you paid us in the 12 months before the event giving rise to the claim, or $100 if that amount is lower. These limits do not apply to your payment obligations, to either party’s liability for fraud, or to anything else that cannot be limited by law.',
        },
        {
          type: 'p',
          text: 'You agree to defend and compensate us for claims by third parties, including your subscribers or regulators, that arise from your cancel flows, your offers, or your breach of the acceptable-use or subscriber-responsibility sections above.',
        },
      ],
    },
    {
      heading: 'Suspension and termination',
      blocks: [
        {
          type: 'ul',
          items: [
            'You may stop using the Service and close your account at any time. Closing a paid account cancels the plan at the end of the current billing period.',
            'We may suspend or close an account that breaches these terms, puts subscribers or the Service at risk, or remains unpaid after notice. Where we can, we will tell you first and give you a chance to fix the problem.',
            'After closure, you can export your data for 30 days. After that we delete it as described in the [Data Processing Agreement](routes.dpa), except where the law requires us to keep records such as invoices.',
            'The sections on data, liability and governing law continue to apply after the agreement ends.',
          ],
        },
      ],
    },
    {
      heading: 'Changes to these terms',
      blocks: [
        {
          type: 'p',
          text: 'We may update these terms as the Service and the law develop. For changes that materially affect you we will email you at least 30 days before they take effect. Smaller changes, such as clarifications, take effect when published here, with the date at the top updated. If you do not agree with a change, you can cancel before it takes effect; continuing to use the Service afterwards means you accept it.',
        },
      ],
    },
    {
      heading: 'Governing law and contact',
      blocks: [
        {
          type: 'p',
          text: 'These terms are governed by the laws of the jurisdiction where Retainkit is established, and the courts of that jurisdiction have jurisdiction over any dispute, unless mandatory law gives you the right to bring a claim elsewhere. Before going to court, please write to us: most problems are solved faster by a conversation.',
        },
        {
          type: 'p',
          text: 'If any part of these terms turns out to be unenforceable, the rest still applies. These terms, with the documents they refer to, are the whole agreement between us about the Service. Questions about them are welcome at [legal@retainkit.example](mailto:legal@retainkit.example).',
        },
      ],
    },
  ],
}
