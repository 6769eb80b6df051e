import { z } from 'zod'
import { BILLING_INTERVALS } from '../billing'

/** Body of `POST /api/billing/checkout/{accountId}`: which Pro price to subscribe to. */
export const BILLING_MESSAGES = {
  interval: "Billing interval must be 'month' or 'year'",
} as const

export const billingCheckoutSchema = z.strictObject({
  interval: z.enum(BILLING_INTERVALS, { error: BILLING_MESSAGES.interval }),
})
export type BillingCheckoutInput = z.infer<typeof billingCheckoutSchema>
