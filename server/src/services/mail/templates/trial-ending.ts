import { PRICING } from '@retainkit/shared/constants'
import { formatDate } from '@retainkit/shared/flow'
import { ROUTES } from '@retainkit/shared/routes'
import { z } from 'zod'
import { fill } from './layout'
import { defineMailTemplate, requireAccount } from './types'

/**
 * Retainkit's own Pro trial ending, to the account's owners 7, 3 and 1 days before (issue 33;
 * services/billing/trial-notices.ts queues them once per threshold): when it ends, what changes on
 * Starter, and what subscribing does — it keeps the days left, the first charge on the trial's last
 * day (or today, when too close to it for Checkout to keep them).
 */
export const TRIAL_ENDING_MAIL = defineMailTemplate({
  params: z.object({
    days_left: z.number().int().min(0).max(60),
    ends_at: z.string(),
    /** Whether subscribing now still keeps the days left (shared keepsTrial, decided when queued). */
    keeps_trial: z.boolean(),
  }),
  sender: 'retainkit',
  giveUpAfterMs: 86_400_000,
  render(notice, context) {
    const account = requireAccount(context).name
    const w = context.words.trial_ending
    const price = new Intl.NumberFormat(context.locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
    }).format(PRICING.pro.monthlyUsd)
    const values = {
      account,
      plan: PRICING.pro.name,
      starter: PRICING.starter.name,
      sessions: PRICING.starter.cancelSessionsPerMonth,
      days: notice.days_left,
      date: formatDate(notice.ends_at, context.locale) ?? notice.ends_at.slice(0, 10),
      price,
    }
    return {
      subject: fill(notice.days_left <= 1 ? w.subject_last : w.subject, values),
      heading: fill(w.heading, values),
      paragraphs: [
        fill(w.lead, values),
        fill(w.starter, values),
        fill(notice.keeps_trial ? w.keep : w.keep_now, values),
      ],
      action: { label: w.button, url: `${context.publicUrl}${ROUTES.settings}?tab=billing` },
    }
  },
})
