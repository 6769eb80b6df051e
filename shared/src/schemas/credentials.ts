import { z } from 'zod'
import { MESSAGES } from './primitives'

/**
 * Payment-provider credentials. `api_key` holds the secret key, `access_token` the
 * publishable key. Restricted keys (`rk_`) are accepted as secret keys too: they are what we ask
 * merchants to paste, because they grant only the permissions Retainkit needs.
 */
export const credentialsSchema = z.strictObject({
  gateway: z.literal('stripe', 'Only Stripe is supported'),
  api_key: z
    .string(MESSAGES.secretKey)
    .max(255, MESSAGES.secretKey)
    .regex(/^(?:sk|rk)_[A-Za-z0-9_]+$/, MESSAGES.secretKey),
  access_token: z
    .string(MESSAGES.publishableKey)
    .max(255, MESSAGES.publishableKey)
    .regex(/^pk_[A-Za-z0-9_]+$/, MESSAGES.publishableKey),
})

/** An API key: 32–255 characters. */
export const apiKeySchema = z
  .string('API key is required')
  .min(32, 'API key must be at least 32 characters')
  .max(255, 'API key too long')
