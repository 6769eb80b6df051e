import { z } from 'zod'
import { localeTagSchema } from '../config/schema'
import { isTimeZone } from './daytime'
import {
  END_ACTIONS,
  PROMPT_MODES,
  RECOVERY_MAIL_KINDS,
  RETRY_MODES,
  type RecoveryMailKind,
} from './vocabulary'
import { RECOVERY_TEXT_KEYS } from './words'

/**
 * A merchant's payment-recovery settings (Settings → Payment recovery). The defaults are the spec's
 * dunning demo: retries 24 hours, 3 days and 7 days after the schedule starts, then a 7-day grace.
 */

const hours = z
  .number()
  .int()
  .min(1, 'At least 1 hour')
  .max(60 * 24, 'At most 60 days')

const scheduleSchema = z
  .array(hours)
  .max(6, 'At most 6 retries')
  .refine((list) => list.every((value, i) => i === 0 || value > (list[i - 1] ?? 0)), {
    message: 'Each retry must come after the one before',
  })

const textsSchema = z
  .record(
    localeTagSchema,
    z.partialRecord(
      z.enum(RECOVERY_TEXT_KEYS),
      z.string().trim().min(1, 'A text cannot be empty').max(1000, 'Text too long'),
    ),
  )
  .refine((all) => Object.keys(all).length <= 30, 'At most 30 languages')

const returnUrlSchema = z
  .string()
  .trim()
  .max(2048, 'URL too long')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:'
    } catch {
      return false
    }
  }, 'Use an https:// address on your site')

const mailSwitches = z.strictObject(
  Object.fromEntries(RECOVERY_MAIL_KINDS.map((kind) => [kind, z.boolean()])) as Record<
    RecoveryMailKind,
    z.ZodBoolean
  >,
)

export const recoverySettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    retry_mode: z.enum(RETRY_MODES),
    schedule_hours: scheduleSchema,
    grace_days: z.number().int().min(0, 'Must be 0 or greater').max(30, 'At most 30 days'),
    daytime_start_hour: z.number().int().min(0).max(23),
    daytime_end_hour: z.number().int().min(1).max(24),
    default_timezone: z.string().refine(isTimeZone, 'Unknown time zone'),
    end_action: z.enum(END_ACTIONS),
    mails: mailSwitches,
    reminder_after_hours: hours,
    final_notice_before_hours: hours,
    prompt: z.enum(PROMPT_MODES),
    last_chance_pause: z.strictObject({ enabled: z.boolean(), months: z.number().int().min(1).max(3) }),
    return_url: returnUrlSchema.nullable(),
    texts: textsSchema,
  })
  .refine((settings) => settings.daytime_start_hour < settings.daytime_end_hour, {
    message: 'The daytime window must start before it ends',
    path: ['daytime_end_hour'],
  })

export type RecoverySettings = z.infer<typeof recoverySettingsSchema>

export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = {
  enabled: false,
  retry_mode: 'after_stripe',
  schedule_hours: [24, 72, 168],
  grace_days: 7,
  daytime_start_hour: 9,
  daytime_end_hour: 18,
  default_timezone: 'UTC',
  end_action: 'cancel',
  mails: {
    payment_failed: true,
    payment_reminder: true,
    payment_final_notice: true,
    payment_recovered: true,
    card_expiring: true,
  },
  reminder_after_hours: 72,
  final_notice_before_hours: 48,
  prompt: 'banner',
  last_chance_pause: { enabled: false, months: 1 },
  return_url: null,
  texts: {},
}

/** Stored settings read back: whatever a later version added gets its default. */
export function withRecoveryDefaults(stored: unknown): RecoverySettings {
  const merged = {
    ...DEFAULT_RECOVERY_SETTINGS,
    ...(stored && typeof stored === 'object' ? stored : {}),
  } as Record<string, unknown>
  merged.mails = { ...DEFAULT_RECOVERY_SETTINGS.mails, ...((merged.mails as object) ?? {}) }
  const parsed = recoverySettingsSchema.safeParse(merged)
  return parsed.success ? parsed.data : DEFAULT_RECOVERY_SETTINGS
}
