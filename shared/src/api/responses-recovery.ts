import { z } from 'zod'
import { LOSS_REASONS, RECOVERY_CHANNELS, RECOVERY_STATES, RESOLUTIONS } from '../recovery/vocabulary'
import { isoTime, nullableTime, obj } from './common'

/** Payment recovery's answers (issue 30). Amounts are Money: integer minor units with their currency. */

export const money = obj({ amount: z.number().int(), currency: z.string() }).describe(
  'An amount in the currency’s minor units (cents, yen) with its lower-case ISO code',
)
/** Totals per currency: amounts of different currencies are never added. */
export const moneyList = z.array(money).describe('One total per currency, never summed across currencies')

const outcome = z.enum([...RECOVERY_CHANNELS, ...LOSS_REASONS, ...RESOLUTIONS])

export const recoveryView = obj({
  availability: obj({
    early_access: z.boolean().describe('An operator granted this account the module'),
    pro: z.boolean(),
    active: z.boolean().describe('Granted, Pro and switched on: failed invoices are worked'),
    stripe_connected: z.boolean(),
  }),
  settings: z.record(z.string(), z.unknown()).describe('The settings (shared recoverySettingsSchema)'),
  open: obj({ count: z.number().int(), mrr: moneyList }),
})

export const recoveryCampaign = obj({
  id: z.string(),
  mode: z.enum(['live', 'test']),
  invoice_id: z.string(),
  customer_id: z.string(),
  subscription_id: z.string().nullable(),
  state: z.enum(RECOVERY_STATES),
  outcome: outcome.nullable(),
  amount_due: money,
  mrr: money,
  plan_name: z.string().nullable(),
  decline_code: z.string().nullable(),
  hard_decline: z.boolean(),
  stripe_attempts: z.number().int(),
  retainkit_attempts: z.number().int(),
  next_step_at: nullableTime,
  ends_at: nullableTime,
  link_channel: z.enum(['email', 'banner']).nullable(),
  link_opened_at: nullableTime,
  recovered_attempt: z.number().int().nullable(),
  failed_at: isoTime,
  closed_at: nullableTime,
})
export const recoveryCampaigns = obj({ campaigns: z.array(recoveryCampaign) })

export const recoveryPreview = obj({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  locale: z.string(),
})

const channelRow = obj({
  channel: z.enum(RECOVERY_CHANNELS),
  recovered: z.number().int(),
  amount: moneyList,
  rate: z.number().nullable().describe('Recoveries through this channel per decided campaign, percent'),
})

export const recoveryReport = obj({
  failed: obj({ count: z.number().int(), at_risk_mrr: moneyList }).describe('Campaigns opened in the period'),
  open_now: obj({ count: z.number().int(), at_risk_mrr: moneyList }),
  recovered: obj({ count: z.number().int(), amount: moneyList, mrr: moneyList }),
  lost: obj({ count: z.number().int(), mrr: moneyList }).describe('Involuntary churn: not recovered'),
  resolved_elsewhere: obj({ count: z.number().int() }),
  recovery_rate: z.number().nullable().describe('recovered / (recovered + lost) × 100, two decimals'),
  by_channel: z.array(channelRow),
  by_attempt: z.array(obj({ attempt: z.number().int(), recovered: z.number().int() })),
  time_to_recover_hours: obj({ median: z.number().nullable(), mean: z.number().nullable() }),
})

export const recoveryExport = z.union([
  obj({ data: z.array(recoveryCampaign), meta: obj({ truncated: z.boolean(), asOf: isoTime }) }),
  z.string().describe('CSV (text/csv): one line per campaign'),
])
