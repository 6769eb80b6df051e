import type { Article } from '../types'

export const increaseLtvRetention: Article = {
  route: 'increaseLtvRetention',
  title: 'Increase lifetime value with better retention',
  description:
    'LTV maths with a worked example, annual plans, onboarding and activation, win-back offers, pricing and packaging, cohort analysis and write-in feedback.',
  lead: 'Lifetime value is the number that tells you how much a subscriber is worth, how much you can afford to spend to find the next one, and whether your business is getting healthier. It has three inputs, and retention is the one that moves it most. This guide walks through the maths and the practical levers, from the first week of a subscription to the months after it ends.',
  updated: '2026-11-21',
  sections: [
    {
      heading: 'The LTV maths',
      blocks: [
        {
          type: 'p',
          text: 'The simplest useful formula for a subscription business is:',
        },
        {
          type: 'callout',
          title: 'Lifetime value',
          text: '**LTV = ARPU × gross margin ÷ monthly churn rate.** ARPU is average revenue per user per month, gross margin is the share of that revenue left after the direct cost of serving it, and churn is the share of subscribers who leave each month.',
        },
        {
          type: 'p',
          text: 'Dividing by churn works because 1 ÷ churn is the average number of months a subscriber stays: at 5% monthly churn, the average subscriber stays 20 months. Multiply that by the monthly gross profit per subscriber and you have what the average subscriber is worth over their whole relationship with you.',
        },
        {
          type: 'table',
          caption: 'Worked example: a $40-a-month subscription with 80% gross margin',
          head: ['Scenario', 'ARPU', 'Gross margin', 'Monthly churn', 'Average lifetime', 'LTV'],
          rows: [
            ['Today', '$40', '80%', '6%', '16.7 months', '$533'],
            ['Raise ARPU by 10%', '$44', '80%', '6%', '16.7 months', '$587'],
            ['Cut churn by one point', '$40', '80%', '5%', '20 months', '$640'],
            ['Both', '$44', '80%', '5%', '20 months', '$704'],
          ],
        },
        {
          type: 'p',
          text: 'Look at the middle two rows. A 10% price increase adds about $53 of lifetime value; taking churn from 6% to 5% adds about $107, twice as much, without asking anyone to pay more. That is why retention work pays off so reliably: churn sits in the denominator, so every point you take off it is worth more than the last.',
        },
        {
          type: 'p',
          text: 'Treat the formula as a compass, not a forecast. It assumes churn stays constant over a subscriber’s life, which it rarely does — new subscribers usually churn faster than established ones. For planning, many businesses cap the horizon at three to five years and check the formula against real cohort data (more on that below). To see these numbers for your own business, use the [ROI calculator](routes.roiCalculator).',
        },
      ],
    },
    {
      heading: 'Annual plans and billing-cycle switches',
      blocks: [
        {
          type: 'p',
          text: 'Annual plans change the shape of churn. A monthly subscriber has twelve chances a year to reconsider; an annual subscriber has one. Annual plans also bring cash forward, which matters for a small business, and they tend to attract your most committed customers. Discounts of 15–20% for paying annually are common — our own Pro plan is $100 a month or $80 a month billed annually, a 20% saving.',
        },
        {
          type: 'ul',
          items: [
            '**Offer annual billing at the right moment.** Right after a subscriber has had a clear win with your product, or a few months in once the habit is formed — not on day one when they are still deciding.',
            '**Use it as a save offer.** For subscribers cancelling because the monthly charge feels high, a billing-cycle switch in the cancel flow lowers the effective price without a temporary discount that later expires.',
            '**Do not use it on disengaged subscribers.** Moving someone who barely uses the product onto a year-long commitment creates refund requests and resentment, not retention.',
            '**Remind people before renewal.** A clear email ahead of an annual renewal is good practice and, under many automatic-renewal laws, a requirement. Subscribers who are reminded and renew are subscribers who stay.',
          ],
        },
      ],
    },
    {
      heading: 'Onboarding and activation',
      blocks: [
        {
          type: 'p',
          text: 'A surprising share of “I’m not using it enough” cancellations are decided in the first few weeks. The subscriber signed up with a goal, never quite reached it, and months later the charge on their statement reminds them. Retention starts at onboarding.',
        },
        {
          type: 'ol',
          items: [
            '**Define activation.** Pick the one action that best predicts a subscriber sticking around: a first project shared, a first box reviewed, a first report exported. Look at who stayed past three months and what they did in week one.',
            '**Shorten the path to it.** Remove every step between sign-up and that action that is not essential. Pre-fill what you can; defer settings until they matter.',
            '**Nudge, once or twice.** A short, specific email for subscribers who have not activated after a few days — “here’s how to set up your first …” — beats a generic newsletter.',
            '**Watch the first renewal.** The first billing date is often the riskiest moment in a subscription. Make sure the subscriber has seen value before it arrives.',
          ],
        },
        {
          type: 'p',
          text: 'Your cancel flow data tells you whether this is working. If “not using it enough” dominates your cancellation reasons, especially among subscribers in their first months, the fix is in onboarding, and no offer will fully compensate for it.',
        },
      ],
    },
    {
      heading: 'Reactivation banners and win-back offers',
      blocks: [
        {
          type: 'p',
          text: 'The lifetime of a subscriber does not have to end at cancellation. Former subscribers already know your product, already trusted you once, and often left for reasons that have since changed: budget, timing, a competitor that did not work out. Bringing one back is usually far cheaper than acquiring a stranger.',
        },
        {
          type: 'p',
          text: 'The most effective place to win someone back is where they already are: your own site, when they return. The [reactivation banner](routes.reactivationBanner) shows a returning paused, scheduled-to-cancel or churned subscriber a single clear message with one button — resume, keep my subscription, or come back with an offer — and applies it through Stripe without a new checkout.',
        },
        {
          type: 'table',
          caption: 'Win-back offers by situation',
          head: ['Subscriber', 'Suggested message', 'Typical offer'],
          rows: [
            ['Scheduled to cancel, still has access', 'Keep your subscription with one click', 'None needed'],
            ['Paused', 'Welcome back — resume now?', 'None needed; resume early'],
            [
              'Churned in the last 1–3 months',
              'Come back and pick up where you left off',
              '20–30% off the first month back',
            ],
            ['Churned longer ago', 'A lot has changed since you left', 'Up to 50% off for a limited period'],
          ],
        },
        {
          type: 'p',
          text: 'Win-back discounts of 20–50% are common; start at the lower end and go deeper only for subscribers who have been gone longer. Keep win-back offers time-limited and one-per-person, and let subscribers dismiss the banner for good. Reactivation done well typically brings back 10–30% of the subscribers it reaches, which makes it one of the best-value retention tools you have.',
        },
      ],
    },
    {
      heading: 'Pricing and packaging',
      blocks: [
        {
          type: 'p',
          text: 'Pricing is a retention tool as much as a revenue tool. The way plans are cut decides whether a subscriber whose needs shrink has somewhere to go other than the exit.',
        },
        {
          type: 'ul',
          items: [
            '**Build a downgrade path.** A cheaper plan that is genuinely useful — fewer seats, smaller boxes, fewer deliveries — lets subscribers scale down instead of leaving. A plan switch keeps far more revenue than a cancellation.',
            '**Price on the value metric.** Charge for the thing that grows as the customer gets value: seats, projects, boxes, orders. Customers whose use grows pay more naturally; customers whose use shrinks do not feel overcharged.',
            '**Raise prices carefully.** Give clear notice, explain what has improved, and consider keeping existing subscribers on their current price for a period. A price increase sent without warning arrives in your cancel flow a month later with the reason “too expensive”.',
            '**Keep plans few and legible.** Two or three plans that a subscriber can tell apart in ten seconds beat a matrix of options that nobody understands.',
          ],
        },
      ],
    },
    {
      heading: 'Cohort analysis',
      blocks: [
        {
          type: 'p',
          text: 'A single churn rate for your whole base mixes subscribers who joined yesterday with subscribers who have been with you for years. Cohort analysis separates them: group subscribers by the month they joined, then track what share of each group is still subscribed one, three, six and twelve months later.',
        },
        {
          type: 'table',
          caption: 'An illustrative cohort table (sample figures, not real data)',
          head: ['Joined', 'After 1 month', 'After 3 months', 'After 6 months', 'After 12 months'],
          rows: [
            ['January', '82%', '64%', '51%', '38%'],
            ['April', '85%', '69%', '56%', '—'],
            ['July', '88%', '74%', '—', '—'],
            ['October', '89%', '—', '—', '—'],
          ],
        },
        {
          type: 'p',
          text: 'Read it down the columns. In this example, each newer cohort keeps more subscribers at the same age than the one before it — evidence that something changed for the better, perhaps onboarding, perhaps a cancel flow. Read along the rows to see where the steepest drops happen: if most of a cohort’s losses come in the first three months, your biggest lever is early activation, not late-stage offers.',
        },
        {
          type: 'p',
          text: 'Cohorts also keep you honest about saves. Tag saved subscribers and follow them as their own group: if they are still paying three and six months later at rates close to everyone else, your offers are creating real retention rather than postponing cancellations.',
        },
      ],
    },
    {
      heading: 'Using write-in feedback',
      blocks: [
        {
          type: 'p',
          text: 'Reason categories tell you *what* is happening; write-in feedback tells you *why*. A subscriber who picks “missing something” and writes “no way to share with my partner” has handed you a roadmap item for free.',
        },
        {
          type: 'ol',
          items: [
            '**Scan the frequent words.** Retainkit’s [analytics](routes.analytics) count the most common words across write-ins, with filler words removed, so recurring themes — “shipping”, “mobile”, “export” — stand out at a glance.',
            '**Read the originals.** Set aside half an hour a month to read the write-ins themselves. Frequencies show you where to look; the sentences show you what people meant.',
            '**Tag and count.** Group recurring themes into a handful of tags and count them month over month. When a tag grows, investigate; when it shrinks after a fix, you have proof the fix worked.',
            '**Update your reasons.** A theme that keeps appearing under “Something else” deserves its own reason, and possibly its own offer.',
            '**Close the loop.** When you ship something subscribers asked for, tell the people who left over it. “You told us you needed X; it’s here now” is the most credible win-back message there is.',
          ],
        },
        {
          type: 'p',
          text: 'One caution: write-ins are free text, so people sometimes include personal details. Read them for patterns, share them internally with care, and never paste them into public places.',
        },
      ],
    },
    {
      heading: 'Putting it together',
      blocks: [
        {
          type: 'p',
          text: 'Increasing lifetime value is rarely one big move. It is a set of small, compounding ones: activate new subscribers faster, give leaving subscribers a fair alternative, make it easy for former subscribers to return, and let the feedback you collect shape the product. Each one nudges churn down or ARPU up, and the formula does the rest.',
        },
        {
          type: 'ul',
          items: [
            'Work out your current LTV with the formula above, and the LTV you would have at one point less churn.',
            'Check your first-three-month retention by cohort; if it is weak, start with onboarding.',
            'Set up a reason-based cancel flow with the [cancel flow builder](routes.cancelFlowBuilder) — see [cancel flows that convert](routes.cancelFlowsThatConvert) for the details.',
            'Turn on the reactivation banner for paused and churned subscribers.',
            'Review reasons, saves and write-ins once a month, and change one thing at a time.',
          ],
        },
        {
          type: 'p',
          text: 'Run your own numbers in the [ROI calculator](routes.roiCalculator), read [how to reduce subscriber churn](routes.reduceSubscriberChurn) for a 30-day plan, and when you are ready, start a 30-day free trial from the [pricing](routes.pricing) page.',
        },
      ],
    },
  ],
}
