import { z } from 'zod'
import { isoTime, obj } from './common'

/** The embedded auth server answers in GoTrue's shapes (supabase-js reads them). */

export const authIdentity = obj({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.string(),
  last_sign_in_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
  email: z.string().nullable(),
})
export const authUser = obj({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: isoTime.nullable(),
  confirmed_at: isoTime.nullable(),
  phone: z.literal(''),
  last_sign_in_at: isoTime.nullable(),
  app_metadata: obj({ provider: z.string(), providers: z.array(z.string()) }),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(authIdentity),
  created_at: isoTime,
  updated_at: isoTime,
  is_anonymous: z.literal(false),
  /** An e-mail change waiting for the new address to confirm it (PUT /auth/v1/user). */
  new_email: z.string().optional(),
  email_change_sent_at: isoTime.optional(),
})
export const authSession = obj({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: authUser,
})
export const jwks = obj({ keys: z.array(z.record(z.string(), z.unknown())) })
export const authSettings = obj({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
})
export const authHealth = obj({ version: z.string(), name: z.string(), description: z.string() })
export const empty = obj({}).describe('{}')
export const outboxMail = obj({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  sent_at: isoTime,
})
export const outbox = z.array(outboxMail)
