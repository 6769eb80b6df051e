import type { Article } from '../types'

export const reduceSubscriberChurn: Article = {
  route: 'reduceSubscriberChurn',
  title: 'How to reduce subscriber churn: a practical guide',
  description:
    'Voluntary vs involuntary churn, how to measure save rate, exit surveys that tell the truth, matching offers to reasons, win-back timing and a 30-day plan.',
  lead: 'Churn is rarely one problem. It is a handful of different problems that all end the same way: a subscription that stops paying. This guide separates them, shows you how to measure each one, and gives you a month-long plan to bring the number down without tricking anyone into staying.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'Two kinds of churn, two kinds of fix',
      blocks: [
        {
          type: 'p',
          text: 'Every subscription that ends falls into one of two groups. **Voluntary churn** is a subscriber deciding to leave: they press cancel, email support, or let a trial lapse on purpose. **Involuntary churn** is a subscriber who never decided anything: a card was declined, expired or replaced, a bank flagged the renewal, and the subscription quietly ended.',
        },
        {
          type: 'p',
          text: 'The two need completely different responses. Voluntary churn is a conversation: you want to understand the reason and, where it makes sense, offer something that genuinely fits. Involuntary churn is plumbing: you want retries, reminders and an easy way to update a card. Mixing them up is the most common reason churn projects stall — a beautifully designed cancel flow does nothing for a subscriber whose card expired last Tuesday.',
        },
        {
          type: 'table',
          caption: 'How the two kinds of churn differ',
          head: ['', 'Voluntary churn', 'Involuntary churn'],
          rows: [
            [
              'What happens',
              'The subscriber chooses to cancel',
              'A renewal payment fails and is never recovered',
            ],
            [
              'Typical causes',
              'Price, low usage, a competitor, a bad experience, a life change',
              'Expired or replaced cards, insufficient funds, bank fraud checks',
            ],
            [
              'Where you see it',
              'Cancel button, support inbox, exit survey',
              'Failed invoices and past-due subscriptions in Stripe',
            ],
            [
              'What helps',
              'Exit surveys, reason-matched offers, pauses, win-back',
              'Smart retries, card-update emails, grace periods, on-site prompts',
            ],
          ],
        },
        {
          type: 'p',
          text: 'Do not underestimate the second column. Failed payments cause an estimated 20–40% of involuntary churn, and the subscribers behind them often had no intention of leaving at all. They are the cheapest customers you will ever keep, because they already wanted to stay.',
        },
      ],
    },
    {
      heading: 'Measure churn and save rate before you change anything',
      blocks: [
        {
          type: 'p',
          text: 'You cannot tell whether a change worked without a baseline, and you cannot get a baseline after the change. Spend an hour on numbers first. You need three of them, each split into voluntary and involuntary where possible.',
        },
        {
          type: 'ol',
          items: [
            '**Subscriber churn rate**: subscribers lost during a month divided by subscribers at the start of that month. If you began October with 2,000 subscribers and 120 of them ended during the month, your monthly churn is 6%. New sign-ups during the month do not belong in the denominator.',
            '**Revenue churn rate**: monthly recurring revenue (MRR) lost to cancellations and downgrades, divided by MRR at the start of the month. It often tells a different story from subscriber churn — losing ten small accounts can matter less than losing one large one.',
            '**Save rate**: of the subscribers who reached your cancel flow, how many stayed. Retainkit calculates it as **continues ÷ (cancellations + continues)**, where a continue is a subscriber who ends the flow still subscribed, whether they took an offer or simply changed their mind.',
          ],
        },
        {
          type: 'p',
          text: 'A worked example for save rate: in one month 400 subscribers open your cancel flow. 80 of them stay, 300 complete their cancellation and 20 close the window without finishing. Your save rate is 80 ÷ (300 + 80) = 21.1%. The 20 who walked away are not counted either way, which is deliberate: they have not decided yet, and some of them will be back next week.',
        },
        {
          type: 'callout',
          title: 'What “good” looks like',
          text: 'Consumer subscriptions commonly see monthly churn in the mid-to-high single digits; B2B software sold to small businesses often sits lower, around 2–5%. Businesses that add a thoughtful cancel flow typically save 10–30% of the subscribers who reach it. Treat these as rough ranges for orientation, not targets: your own trend over time matters far more than anyone else’s average.',
        },
        {
          type: 'p',
          text: 'Two habits keep these numbers honest. First, always look at a rolling three months rather than a single month: one large customer or one seasonal dip can swing a small business’s churn by several points. Second, look at what happens to saved subscribers afterwards. A save that cancels again three weeks later was a delay, not a save. Our [analytics](routes.analytics) show saved revenue and save rate over time side by side for exactly this reason.',
        },
      ],
    },
    {
      heading: 'Exit surveys and reason taxonomies',
      blocks: [
        {
          type: 'p',
          text: 'An exit survey is one question asked at the moment of cancelling: *why are you leaving?* It is the single most useful piece of data a subscription business can collect, because it arrives at the exact moment the subscriber has a clear answer — and because it decides which offer, if any, makes sense to show next.',
        },
        {
          type: 'p',
          text: 'The list of answers you offer is your **reason taxonomy**. A good one is short, written in the subscriber’s language rather than yours, and built so that each answer leads somewhere different. Six to eight reasons is usually right: fewer and everything lands in “Other”; more and people stop reading and pick the first plausible line.',
        },
        {
          type: 'ul',
          items: [
            '**It’s too expensive** — price or budget, including “I’m cutting back on subscriptions”.',
            '**I’m not using it enough** — the product is fine, their routine changed or they never got started.',
            '**I have too much of it** — common for subscription boxes and consumables: the shelf is full.',
            '**I found an alternative** — a competitor, a free tool, or doing it themselves.',
            '**It’s missing something I need** — a feature, a size, a flavour, an integration.',
            '**I had a bad experience** — quality, delivery, a bug, or support that let them down.',
            '**It’s temporary** — travelling, moving house, a busy season, a tight month.',
            '**Something else** — always last, always with a box to write in.',
          ],
        },
        {
          type: 'p',
          text: 'Keep each reason mutually exclusive; if two reasons overlap, subscribers will split between them at random and both numbers become noise. Avoid loaded wording such as “I don’t value my savings anymore”: it annoys people and skews the answers towards whichever option sounds least insulting. And read the write-ins from “Something else” every month. When the same phrase turns up again and again, it deserves its own line in the list.',
        },
        {
          type: 'p',
          text: 'Finally, ask one optional follow-up for the reasons where detail is valuable — *which alternative?*, *what was missing?*, *what went wrong?* — and never make it required. A required text box is one of the fastest ways to make a cancel flow feel like an obstacle.',
        },
      ],
    },
    {
      heading: 'Match each offer to the reason',
      blocks: [
        {
          type: 'p',
          text: 'The biggest mistake in retention is showing the same discount to everyone. A discount is a perfect answer to “it’s too expensive” and an irrelevant, slightly insulting answer to “I had a bad experience”. Map each reason to the one offer most likely to solve the subscriber’s actual problem, and to no offer at all where nothing fits.',
        },
        {
          type: 'table',
          caption: 'A starting point for reason-to-offer mapping',
          head: ['Reason', 'Offer to try first', 'Why it fits'],
          rows: [
            ['Too expensive', 'Discount, or a switch to a cheaper plan', 'Addresses the price directly'],
            [
              'Not using it enough',
              'Pause for 1–3 months',
              'Keeps the account without charging for idle time',
            ],
            [
              'Too much of it',
              'Pause, or a less frequent delivery cycle',
              'Matches supply to how fast they use it',
            ],
            [
              'Temporary situation',
              'Pause until they are back',
              'The subscriber has told you they want to return',
            ],
            [
              'Found an alternative',
              'Plan switch, or no offer',
              'A cheaper tier may compete; a discount rarely wins back trust',
            ],
            [
              'Missing something',
              'No offer; ask what is missing',
              'The answer belongs on your roadmap, not in a coupon',
            ],
            ['Bad experience', 'No offer; apologise and listen', 'A discount here reads as dismissive'],
          ],
        },
        {
          type: 'p',
          text: 'Showing no offer for some reasons is not leaving money on the table. It keeps your offers credible, keeps the flow short for people who have clearly decided, and keeps your feedback data clean. In the [cancel flow builder](routes.cancelFlowBuilder) you set the offer, or none, per reason, so this table translates directly into configuration.',
        },
      ],
    },
    {
      heading: 'Pause or discount?',
      blocks: [
        {
          type: 'p',
          text: 'Pauses and discounts are the two workhorses of voluntary churn, and they solve different problems. A pause says *we’ll be here when you’re ready*. A discount says *we’ll meet you on price*. Choosing between them is mostly a matter of listening to the reason.',
        },
      ],
      subsections: [
        {
          heading: 'When a pause works',
          blocks: [
            {
              type: 'p',
              text: 'Offer a pause when the subscriber’s need is real but interrupted: travel, a busy quarter, a stockpile of product, a tight month. Pauses cost you nothing during the pause and keep payment details, preferences and history intact, so resuming is one click instead of a new sign-up. Offer fixed lengths — one, two or three months — rather than an open-ended hold, and tell the subscriber the exact date billing resumes. Send a reminder a few days before it does; a surprise charge after a pause is a reliable way to turn a saved subscriber into a refund request.',
            },
          ],
        },
        {
          heading: 'When a discount works',
          blocks: [
            {
              type: 'p',
              text: 'Offer a discount when the subscriber values the product but the price no longer fits. Keep it modest and time-limited: **20% off for 3 months** is a common, sensible default. Do the arithmetic before you commit. On a $40 plan, that offer costs $24 in total. If it keeps a subscriber who would otherwise have left for six more months, you collect 3 × $32 + 3 × $40 = $216 you would not have had.',
            },
            {
              type: 'p',
              text: 'Resist the urge to go deeper to lift the headline save rate. Large, open-ended discounts train subscribers to start cancelling whenever a bill feels high, and they attract people who were never going to stay. Retainkit also limits each subscriber to one accepted save offer every 90 days, so an offer stays an offer and does not become the price.',
            },
          ],
        },
      ],
    },
    {
      heading: 'Win-back timing',
      blocks: [
        {
          type: 'p',
          text: 'Some subscribers will leave whatever you do, and that is fine. Many of them will also be open to coming back later — and timing matters as much as the offer. Think of win-back in three windows.',
        },
        {
          type: 'ol',
          items: [
            '**Before the period ends.** A subscriber who cancelled at period end still has access. If they come back to your site during those days, a one-click “keep my subscription” is the gentlest win-back there is: no new sign-up, no payment form.',
            '**During or right after a pause.** Paused subscribers who return to your site are telling you something. Offer to resume early, with no strings attached.',
            '**Weeks to months after they left.** For churned subscribers, the first 30–90 days are usually the most responsive. A returning visitor who sees a clear offer — often 20–50% off the first month or months back — can rejoin without starting from scratch.',
          ],
        },
        {
          type: 'p',
          text: 'The [reactivation banner](routes.reactivationBanner) handles all three on your own site: it recognises a paused, scheduled-to-cancel or churned subscriber when your site identifies them, shows the right message, and resumes or restarts the subscription in one click. If they dismiss it, it stays dismissed. Win-back should feel like an open door, not a chase.',
        },
      ],
    },
    {
      heading: 'Failed-payment recovery basics',
      blocks: [
        {
          type: 'p',
          text: 'Involuntary churn is where the easiest wins hide. Recovery programmes typically bring back 40–60% of failed payments, and almost none of it requires persuading anyone. The basics:',
        },
        {
          type: 'ul',
          items: [
            '**Retry on a schedule, not all at once.** Many declines are temporary. Spacing retries out — for example after 24 hours, 3 days and 7 days — gives funds time to arrive and bank checks time to clear.',
            '**Tell the subscriber, plainly.** A short email that says what happened, links straight to a page where they can update their card, and does not blame them. No threats, no shouting subject lines.',
            '**Warn before cards expire.** A reminder a few weeks before a card’s expiry date prevents a failure instead of recovering one.',
            '**Give a grace period.** Keep access open for a few days (seven is common) while you retry. Cutting someone off on the first decline punishes the subscriber for their bank’s caution.',
            '**Prompt on your own site.** A subscriber who logs in while their payment is failing should see a clear, polite prompt to fix it, right where they already are.',
          ],
        },
        {
          type: 'p',
          text: 'If you bill through Stripe, start today by switching on its built-in automatic retries and failed-payment emails in your billing settings. Retainkit’s own [payment recovery](routes.paymentRecovery) — smart retries, recovery emails and on-site prompts working together with your cancel flow — is coming soon, and you can join the waitlist on that page.',
        },
      ],
    },
    {
      heading: 'A 30-day plan',
      blocks: [
        {
          type: 'p',
          text: 'You do not need a quarter-long project. Here is a plan a small team can run in a month, one focused step per week.',
        },
        {
          type: 'ol',
          items: [
            '**Days 1–7: measure.** Pull the last three months of cancellations and failed payments from Stripe. Calculate subscriber churn and revenue churn, split into voluntary and involuntary. Write the numbers down somewhere you will find them again in a month.',
            '**Days 8–14: ask.** Add the Retainkit snippet (it takes about 30 minutes), connect Stripe, and launch a cancel flow with your reason list and an optional write-in box. No offers yet — for one week, just listen. You will have a real reason distribution instead of a guess.',
            '**Days 15–21: offer.** Using the mapping table above, add one offer to each reason that deserves one. Keep the way to finish cancelling visible on every step. Switch on Stripe’s retries and failed-payment emails if you have not already.',
            '**Days 22–30: win back and review.** Turn on the reactivation banner for paused and scheduled-to-cancel subscribers. At the end of the month, compare save rate, saved revenue and churn against your baseline, read every write-in, and change exactly one thing for next month.',
          ],
        },
        {
          type: 'p',
          text: 'After that, the rhythm is monthly: review the numbers, read the write-ins, adjust one offer or one reason. Small, steady changes beat a big redesign, and they make it obvious which change did the work.',
        },
      ],
    },
    {
      heading: 'Where to go from here',
      blocks: [
        {
          type: 'p',
          text: 'Curious what a few points of churn are worth to you? Put your own subscriber count, price and churn into the [ROI calculator](routes.roiCalculator). When you are ready to build your first flow, the Starter plan is free for up to 50 cancel sessions a month with a default flow and reason analytics, while save offers and the reactivation banner come with Pro, which starts with a 30-day free trial — see [pricing](routes.pricing). For the details of designing the flow itself, read [cancel flows that convert](routes.cancelFlowsThatConvert), and for the long-term view, [increasing lifetime value and retention](routes.increaseLtvRetention).',
        },
      ],
    },
  ],
}
