import type { Article } from '../types'

export const cancelFlowsThatConvert: Article = {
  route: 'cancelFlowsThatConvert',
  title: 'Cancel flows that convert (and still respect the subscriber)',
  description:
    'How to design a cancel flow: reasons, feedback, offers and confirmation, reason-to-offer mapping, pause and discount terms, click-to-cancel rules and testing.',
  lead: 'A cancel flow is the few screens between a subscriber pressing “Cancel” and their subscription ending. Done well, it keeps a meaningful share of people who would have left for a fixable reason, tells you why the others are going, and leaves everyone with a good last impression. Done badly, it is a maze that generates complaints and chargebacks — and in a growing number of places, legal risk. This guide covers the first kind.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'What a cancel flow is for',
      blocks: [
        {
          type: 'p',
          text: 'Start with the purpose, because it shapes every decision after it. A cancel flow has three jobs, in this order: let the subscriber cancel, learn why, and — where it genuinely helps them — offer an alternative. A flow that forgets the first job to chase the third is not a retention tool, it is an obstacle, and subscribers can tell the difference immediately.',
        },
        {
          type: 'p',
          text: 'The good news is that the honest version also performs well. People who reach the cancel button have usually thought about it. A short flow that takes their reason seriously and answers it with something relevant earns far more goodwill, and more saves, than one that tries to wear them down.',
        },
      ],
    },
    {
      heading: 'Anatomy of a flow',
      blocks: [
        {
          type: 'p',
          text: 'Almost every effective cancel flow has the same four steps: **reason → feedback → offer → confirm**. Each step should fit on one screen without scrolling, and each should show a visible way to finish cancelling.',
        },
      ],
      subsections: [
        {
          heading: '1. Reason',
          blocks: [
            {
              type: 'p',
              text: 'One question — *what’s the main reason you’re cancelling?* — with six to eight answers written in plain, neutral language and “Something else” at the end. This step powers everything that follows: it decides which follow-up question and which offer the subscriber sees, and it becomes the cancellation-reasons chart in your analytics.',
            },
          ],
        },
        {
          heading: '2. Feedback',
          blocks: [
            {
              type: 'p',
              text: 'An optional text box, with a prompt tailored to the reason: *which service are you switching to?* after “I found an alternative”, *what went wrong?* after “I had a bad experience”. Keep it optional and make skipping it as easy as answering. The write-ins you collect here are the richest source of product insight you have; Retainkit groups their most frequent words so patterns jump out.',
            },
          ],
        },
        {
          heading: '3. Offer',
          blocks: [
            {
              type: 'p',
              text: 'At most one offer, chosen by the reason: a discount, a pause, a switch to another plan, or a switch of billing cycle. State exactly what it is and what happens afterwards — *20% off your next 3 monthly payments, then $40 a month as before* — with an accept button and an equally clear decline. Some reasons should lead to no offer at all, and that is a feature of a good flow, not a gap in it.',
            },
          ],
        },
        {
          heading: '4. Confirm',
          blocks: [
            {
              type: 'p',
              text: 'A final screen that confirms the cancellation in words the subscriber can keep: what was cancelled, when access ends, and that nothing further will be charged. If they accepted an offer instead, confirm the offer’s terms the same way. Either way, the subscriber should leave knowing precisely where they stand.',
            },
          ],
        },
      ],
    },
    {
      heading: 'Mapping reasons to offers',
      blocks: [
        {
          type: 'p',
          text: 'The mapping from reason to offer is the heart of the flow. Here is a mapping that works well as a first version for most subscription businesses; adjust it once your own data comes in.',
        },
        {
          type: 'table',
          caption: 'Reason-to-offer mapping, first version',
          head: ['Reason', 'Offer', 'Example wording'],
          rows: [
            [
              'Too expensive',
              'Discount',
              '“Stay for 20% off your next 3 months. After that, your usual price applies.”',
            ],
            [
              'Too expensive (with a cheaper tier)',
              'Plan switch',
              '“Switch to Basic for $14.99 a month and keep your history.”',
            ],
            [
              'Not using it enough',
              'Pause',
              '“Pause for 1, 2 or 3 months. We’ll remind you a week before billing restarts.”',
            ],
            [
              'Too much product',
              'Pause or billing-cycle switch',
              '“Get a delivery every other month instead.”',
            ],
            [
              'Temporary situation',
              'Pause',
              '“Take a break and pick up where you left off when you’re back.”',
            ],
            [
              'Paying monthly feels like a lot',
              'Billing-cycle switch',
              '“Switch to annual billing and pay 20% less over the year.”',
            ],
            ['Found an alternative', 'None, or plan switch', 'Ask which one; learn from the answer.'],
            ['Missing something / bad experience', 'None', '“Thank you — this goes straight to our team.”'],
          ],
        },
        {
          type: 'p',
          text: 'In the [cancel flow builder](routes.cancelFlowBuilder) each reason has its own offer setting, so you can start with this table, watch which offers are accepted and declined in [analytics](routes.analytics), and change one line at a time.',
        },
      ],
    },
    {
      heading: 'Copy that respects the subscriber',
      blocks: [
        {
          type: 'p',
          text: 'The words in a cancel flow matter more than its colours or layout. A few principles cover almost every case.',
        },
        {
          type: 'ul',
          items: [
            '**Say what the button does.** “Cancel my subscription” and “Keep my subscription” are clear. “Continue” and “Go back” are not — continue with what?',
            '**No guilt.** Never label the decline button “No, I don’t like saving money” or anything like it. That pattern has a name, *confirmshaming*, and subscribers remember it.',
            '**Put numbers in offers.** “A special discount” invites suspicion. “20% off your next 3 payments, then $40 a month” invites a decision.',
            '**Thank people for their feedback** and mean it: tell them what happens with it.',
            '**Write like a person.** Short sentences, second person, no legal boilerplate in the flow itself.',
          ],
        },
        {
          type: 'quote',
          text: 'Sorry to see you go. Before you do: would a pause help? You can skip the next two months and we’ll email you a week before billing restarts. Or cancel now — your access continues until 14 December either way.',
          cite: 'An offer screen that respects the subscriber',
        },
        {
          type: 'p',
          text: 'Notice what that example does: it names the offer precisely, gives a date, and puts the cancel option in the same breath as the offer. That last part is not only good manners.',
        },
      ],
    },
    {
      heading: 'Always show a visible way to cancel',
      blocks: [
        {
          type: 'p',
          text: 'Every step of a Retainkit cancel flow shows a clear way to finish cancelling, and offers are never shown without it. We built it that way because it is right, and because the rules around online cancellation are moving steadily in one direction. What follows is a general overview, not legal advice: laws differ by place and change over time, so check the rules that apply to your subscribers with someone qualified to advise you.',
        },
      ],
      subsections: [
        {
          heading: 'United States',
          blocks: [
            {
              type: 'p',
              text: 'In 2024 the Federal Trade Commission adopted a “click-to-cancel” rule requiring cancellation to be at least as easy as signing up. A federal appeals court set the rule aside in July 2025 on procedural grounds, but the underlying expectation has not gone away: the FTC continues to act against hard-to-cancel subscriptions under existing federal law, and many states have their own automatic-renewal laws. California, for example, requires online cancellation for subscriptions bought online and allows a retention offer only alongside a clear way to go ahead and cancel. Minnesota’s law, in force since January 2025, goes further and restricts presenting retention offers during online cancellation unless the consumer agrees to hear them.',
            },
          ],
        },
        {
          heading: 'European Union',
          blocks: [
            {
              type: 'p',
              text: 'EU consumer law prohibits misleading and aggressive commercial practices, which covers designs that pressure or confuse people into staying. Some member states go further: Germany, for example, requires a clearly labelled cancellation button for contracts concluded online. And from June 2026, traders selling online to EU consumers must offer an easy electronic way to exercise the right of withdrawal from a contract, under an amendment to the Consumer Rights Directive.',
            },
          ],
        },
        {
          heading: 'What this means in practice',
          blocks: [
            {
              type: 'ul',
              items: [
                'The way to finish cancelling is visible on every step, not hidden behind a “more options” link.',
                'Offers are optional and can be declined in one click.',
                'Where local rules restrict offers during cancellation, switch them off for those subscribers. Retainkit lets you turn offers off per jurisdiction while keeping the reason question and the confirmation.',
                'The final confirmation states what was cancelled and when access ends, in text the subscriber can keep.',
                'If anything fails to load, the subscriber goes straight to your normal cancellation path. A Retainkit flow steps aside rather than trapping anyone.',
              ],
            },
          ],
        },
      ],
    },
    {
      heading: 'How long should a pause be?',
      blocks: [
        {
          type: 'p',
          text: 'Offer a short menu of fixed lengths — **one, two or three months** covers most needs. One month suits a tight budget or a stockpile of product; three months suits travel or a seasonal business. Longer pauses tend to become slow cancellations: the subscriber forgets why they paused, and the resume charge comes as a surprise.',
        },
        {
          type: 'p',
          text: 'Always show the date billing resumes, remind the subscriber before it does, and make it easy to resume early or cancel during the pause. A pause that ends with an unexpected charge undoes all the goodwill it bought.',
        },
      ],
    },
    {
      heading: 'Discount depth and length',
      blocks: [
        {
          type: 'p',
          text: 'A retention discount should be large enough to matter and short enough to end. **20% off for 3 months** is a sound default for price-sensitive subscribers: it is a real saving, it costs you 0.6 months of revenue in total, and it gives the subscriber time to rediscover the value before the full price returns.',
        },
        {
          type: 'ul',
          items: [
            '**Depth:** 15–30% covers most retention offers. Go deeper only where margins allow it and the data shows shallower offers failing.',
            '**Length:** one to three billing periods. Permanent discounts quietly reprice your whole base over time.',
            '**Frequency:** one accepted offer per subscriber in a reasonable window. Retainkit enforces one accepted save offer every 90 days, so subscribers cannot cancel-and-save in a loop.',
            '**Clarity:** state the end date and the price afterwards, on the offer and in the confirmation.',
          ],
        },
      ],
    },
    {
      heading: 'Plan and billing-cycle switches',
      blocks: [
        {
          type: 'p',
          text: 'Sometimes the right answer is not a discount but a different shape of subscription. A **plan switch** moves a subscriber to a cheaper tier — fewer seats, smaller boxes, fewer features — and often keeps most of the revenue a discount would have given away, permanently and without eroding your list price. It works best when the cheaper plan is genuinely useful rather than crippled.',
        },
        {
          type: 'p',
          text: 'A **billing-cycle switch** moves a monthly subscriber to annual billing at a lower effective price, or changes delivery frequency for physical products. It suits subscribers who like the product but feel the monthly charge. Only offer annual billing to people who are staying for price reasons; moving someone who barely uses the product onto a year-long commitment leads to refund requests, not retention. With Retainkit connected to Stripe, both switches are applied to the subscriber’s existing subscription in one click.',
        },
      ],
    },
    {
      heading: 'Testing and measuring',
      blocks: [
        {
          type: 'p',
          text: 'A typical well-designed flow saves **10–30%** of the subscribers who reach it. Where you land depends on your product, your audience and why people leave, so your real benchmark is your own last month. Measure these four things:',
        },
        {
          type: 'ol',
          items: [
            '**Save rate**: continues ÷ (cancellations + continues). The headline number.',
            '**Offer performance**: for each mechanism — discount, pause, plan switch, billing cycle — how often it was accepted versus declined. An offer nobody accepts is noise.',
            '**Saved revenue**: the monthly recurring revenue kept by saves, after the discount. A 40% save rate built on 50% discounts may be worth less than a 15% rate built on pauses.',
            '**Save durability**: how many saved subscribers are still paying 60 and 90 days later. This is what separates a save from a delay.',
          ],
        },
        {
          type: 'p',
          text: 'Change one thing at a time and let it run for at least a few weeks, or a few hundred cancel sessions, before judging it. With small numbers, a single good week looks like a breakthrough and a single bad one like a disaster. Compare like with like: a flow change in January against December is partly a flow change and partly a holiday effect.',
        },
      ],
    },
    {
      heading: 'Common mistakes',
      blocks: [
        {
          type: 'ul',
          items: [
            '**Dark patterns.** Hidden cancel links, decline buttons styled to look disabled, confirmshaming, fake countdowns, “call us to cancel”. They generate complaints, chargebacks and regulatory attention, and they poison the feedback you collect.',
            '**Too many steps.** Reason, optional feedback, one offer, confirmation. Every extra screen loses goodwill faster than it saves subscribers.',
            '**Stacked offers.** Showing a second, deeper discount after the first is declined teaches subscribers to decline the first one.',
            '**One offer for every reason.** A discount in response to “I had a bad experience” says you were not listening.',
            '**Required text fields.** Ask, don’t demand.',
            '**Vague offers.** If the terms are not on the screen, the subscriber will assume the worst.',
            '**Set and forget.** Reasons shift with seasons, price changes and competitors. Review the data monthly.',
          ],
        },
      ],
    },
    {
      heading: 'Build your flow',
      blocks: [
        {
          type: 'p',
          text: 'The [cancel flow builder](routes.cancelFlowBuilder) gives you the four-step flow described here, reason-based offers applied directly through your Stripe account, per-jurisdiction offer switches and a live preview of exactly what subscribers will see. To estimate what a 10–30% save rate is worth for your business, try the [ROI calculator](routes.roiCalculator); plans and the 30-day free trial are on the [pricing](routes.pricing) page. For the bigger picture, read [how to reduce subscriber churn](routes.reduceSubscriberChurn).',
        },
      ],
    },
  ],
}
