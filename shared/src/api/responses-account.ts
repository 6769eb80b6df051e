import { z } from 'zod'
import { cancelFlowConfigSchema, cancellationReasonsSchema } from '../config/schema'
import { CAPABILITIES } from '../roles'
import { isoTime, nullableTime, obj, role, tier } from './common'

/** The console's session and account calls: what each answers inside its `{data}` envelope. */

export const sessionAccount = obj({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
})

export const sessionContext = obj({
  active_account_id: z.string().nullable(),
  accounts: z.array(sessionAccount),
  membership: obj({ role }).nullable(),
  capabilities: obj(
    Object.fromEntries(CAPABILITIES.map((name) => [name, z.boolean()])) as {
      [K in (typeof CAPABILITIES)[number]]: z.ZodBoolean
    },
  ),
  user: obj({ id: z.string(), email: z.string() }),
})

export const accountData = obj({
  account_id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  domain: z.string().nullable(),
  tier,
})

export const versionSummary = obj({
  version: z.number().int(),
  created_at: isoTime,
  created_by_email: z.string().nullable(),
  /** Configurations only: the version this one restored (a rollback), else null. */
  restored_from: z.number().int().nullable().optional(),
})

export const configChange = obj({
  path: z.string(),
  live: z.string().nullable(),
  version: z.string().nullable(),
})

/** Every kept configuration version, newest first, each with its differences from the live one. */
export const configHistory = obj({
  live_version: z.number().int().min(0),
  versions: z.array(
    obj({
      version: z.number().int(),
      created_at: isoTime,
      created_by_email: z.string().nullable(),
      restored_from: z.number().int().nullable(),
      live: z.boolean(),
      changes: z.array(configChange),
    }),
  ),
})
export const fieldWarning = obj({ field: z.string(), key: z.string(), message: z.string() })

export const accountConfig = obj({
  config_json: cancelFlowConfigSchema,
  version: z.number().int().min(0),
  updated_at: nullableTime,
  previous_versions: z.array(versionSummary),
  warnings: z.array(fieldWarning).optional(),
})

export const defaultConfig = obj({
  config_json: cancelFlowConfigSchema,
  reasons: cancellationReasonsSchema,
})

export const accountReasons = obj({
  reasons: cancellationReasonsSchema,
  version: z.number().int().min(0),
  updated_at: nullableTime,
  previous_versions: z.array(versionSummary),
  warnings: z.array(fieldWarning),
})

export const credentialsConnected = obj({
  gateway: z.literal('stripe'),
  connected: z.literal(true),
  api_key: z.string().describe('masked, e.g. sk_live_…4242'),
  access_token: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
  connected_via: z.enum(['key', 'oauth']),
  livemode: z.boolean().nullable(),
  last_tested_at: nullableTime,
  last_test_ok: z.boolean().nullable(),
})
export const credentialsDisconnected = obj({
  gateway: z.literal('stripe'),
  connected: z.literal(false),
  /** The seeded demo merchant: its sessions are generated, no Stripe account stands behind them. */
  demo: z.literal(true).optional(),
})
export const credentialsView = z.union([credentialsConnected, credentialsDisconnected])

export const widgetSecretMode = z.enum(['live', 'test'])
export const widgetSecretCreated = obj({
  id: z.string(),
  secret: z.string(),
  mode: widgetSecretMode,
  created_at: isoTime,
})
export const widgetSecretInfo = obj({
  id: z.string(),
  hint: z.string(),
  mode: widgetSecretMode,
  created_at: isoTime,
  last_used_at: nullableTime,
})
export const widgetSecretList = z.array(widgetSecretInfo)
export const widgetSecretRevoked = obj({ id: z.string(), revoked_at: isoTime })

export const installOrigin = obj({ origin: z.string(), first_loaded_at: isoTime, last_loaded_at: isoTime })
export const installStatus = obj({
  installed: z.boolean(),
  last_loaded_at: nullableTime,
  origins: z.array(installOrigin),
})

export const teamMember = obj({
  user_id: z.string(),
  email: z.string(),
  role,
  joined_at: isoTime,
  you: z.boolean(),
})
export const teamInvitation = obj({
  email: z.string(),
  role,
  invited_at: isoTime,
  expires_at: isoTime,
})
export const team = obj({ members: z.array(teamMember), invitations: z.array(teamInvitation) })
export const invited = obj({ invitation: teamInvitation, emailed: z.boolean() })
export const memberChanged = teamMember
export const memberRemoved = z.union([
  obj({ user_id: z.string(), removed: z.literal(true) }),
  obj({ email: z.string(), revoked: z.literal(true) }),
])
