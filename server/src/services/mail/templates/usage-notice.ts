import { usageLimitFor } from '@retainkit/shared/billing'
import { PRICING, USAGE_NOTICE_THRESHOLDS } from '@retainkit/shared/constants'
import { ROUTES } from '@retainkit/shared/routes'
import { z } from 'zod'
import { fill } from './layout'
import { defineMailTemplate, requireAccount } from './types'

/**
 * The 80 % and 100 % usage notices to an account's owners (services/billing/usage.ts queues them in
 * the session's transaction, one per owner and notice).
 */

const STARTER_CAP = usageLimitFor('free', false).limit

function monthWords(month: string, locale: string): { month: string; reset: string } {
  const [year = 0, index = 1] = month.split('-').map(Number)
  const first = new Date(Date.UTC(year, index - 1, 1))
  const next = new Date(Date.UTC(year, index, 1))
  return {
    month: first.toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    reset: next.toLocaleDateString(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
  }
}

export const USAGE_NOTICE_MAIL = defineMailTemplate({
  params: z.object({
    threshold: z.union(USAGE_NOTICE_THRESHOLDS.map((n) => z.literal(n))),
    sessions: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    month: z.string().regex(/^\d{4}-\d{2}$/),
    /** Pro's allowance as it applies here: with the platform's billing, included then $1 each. */
    pro_has_limit: z.boolean().default(true),
  }),
  sender: 'retainkit',
  giveUpAfterMs: 3 * 86_400_000,
  render(notice, context) {
    const account = requireAccount(context).name
    const w = context.words.usage_notice
    const starter = notice.limit === STARTER_CAP
    const full = notice.threshold === 100
    const { month, reset } = monthWords(notice.month, context.locale)
    const price = new Intl.NumberFormat(context.locale, {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
    }).format(PRICING.pro.overageUsdPerCancel)
    const { pro_has_limit: proHasLimit, ...counts } = notice
    const values = { account, ...counts, month, reset, price }
    const plan = starter ? PRICING.starter.name : PRICING.pro.name
    const allUsed = starter && full
    const consequence = starter ? (full ? w.starter_full : w.starter_near) : w.pro_beyond
    return {
      subject: fill(allUsed ? w.subject_all : w.subject_share, values),
      heading: fill(allUsed ? w.heading_all : w.heading_share, values),
      paragraphs: [
        fill(starter ? w.lead_starter : w.lead_pro, { ...values, plan }),
        fill(consequence, { ...values, plan: PRICING.pro.name }),
        ...(starter
          ? [
              fill(proHasLimit ? w.upgrade : w.upgrade_no_limit, {
                plan: PRICING.pro.name,
                included: PRICING.pro.overageThresholdPerMonth,
                price,
              }),
            ]
          : []),
      ],
      action: {
        label: starter ? fill(w.button_upgrade, { plan: PRICING.pro.name }) : w.button_plan,
        url: `${context.publicUrl}${ROUTES.settings}?tab=billing`,
      },
    }
  },
})
