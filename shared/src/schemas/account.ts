import { z } from 'zod'
import { accountId, domain, email, emptyAsAbsent, tier } from './primitives'

/** Account data. Empty-string email or domain means absent. */
export const accountDataSchema = z.strictObject({
  account_id: accountId.optional(),
  name: z.string().trim().min(1, 'Account name is required').max(100, 'Account name too long').optional(),
  email: emptyAsAbsent(email),
  domain: emptyAsAbsent(domain),
  tier: tier.optional(),
})

/** Body of `POST /api/accounts`. */
export const createAccountSchema = accountDataSchema

export const accountIdSchema = accountId
export const tierSchema = tier
