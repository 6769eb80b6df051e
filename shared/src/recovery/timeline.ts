import { atLocalDaytime } from './daytime'
import type { RecoverySettings } from './settings'

/**
 * A campaign's timeline, from its facts and the merchant's settings (pure; the server's evaluation
 * pass and its tests use it, the console draws the same schedule). While Stripe still retries
 * (`stripeNextAttemptAt` set), Retainkit never retries on top. Its schedule starts at the anchor:
 * Stripe's last attempt, or the failure itself when Retainkit schedules the retries. Retries fall at
 * the anchor plus each step, at the subscriber's local daytime, and are skipped after a hard decline;
 * the campaign ends (lost) a grace after the last step. The reminder goes out a while after the
 * failure, the final notice a while before the end.
 */

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** When Stripe's announced attempt has not been reported this long after, the pass reads the invoice again. */
export const STRIPE_ATTEMPT_OVERDUE_MS = 6 * HOUR_MS

export interface CampaignFacts {
  failedAt: Date
  /** When Retainkit's schedule starts; null while Stripe's own retries are still to come. */
  anchorAt: Date | null
  stripeNextAttemptAt: Date | null
  hardDecline: boolean
  /** Retainkit's retries done so far. */
  ourAttempts: number
  reminderSent: boolean
  finalNoticeSent: boolean
  timeZone: string
}

export type TimelineSettings = Pick<
  RecoverySettings,
  | 'schedule_hours'
  | 'grace_days'
  | 'daytime_start_hour'
  | 'daytime_end_hour'
  | 'reminder_after_hours'
  | 'final_notice_before_hours'
  | 'mails'
>

export interface CampaignPlan {
  /** Retainkit's retries, in order (empty after a hard decline or before the anchor is known). */
  retries: Date[]
  reminderAt: Date | null
  finalNoticeAt: Date | null
  /** When the grace ends and the campaign is lost; null before the anchor is known. */
  endsAt: Date | null
}

const later = (at: Date, ms: number) => new Date(at.getTime() + ms)

export function planCampaign(facts: CampaignFacts, settings: TimelineSettings): CampaignPlan {
  const daytime = (at: Date) =>
    atLocalDaytime(at, facts.timeZone, settings.daytime_start_hour, settings.daytime_end_hour)
  // The final notice in the daytime before the end, or at its plain time when that daytime is past it.
  const finalNoticeTime = (end: Date) => {
    const at = later(end, -settings.final_notice_before_hours * HOUR_MS)
    const inDaytime = daytime(at)
    return inDaytime < end ? inDaytime : at
  }
  const anchor = facts.anchorAt
  const steps = settings.schedule_hours
  const endsAt = anchor ? later(anchor, (steps.at(-1) ?? 0) * HOUR_MS + settings.grace_days * DAY_MS) : null
  const retries =
    anchor && !facts.hardDecline ? steps.map((step) => daytime(later(anchor, step * HOUR_MS))) : []
  const finalNoticeAt = endsAt && settings.mails.payment_final_notice ? finalNoticeTime(endsAt) : null
  const reminder = daytime(later(facts.failedAt, settings.reminder_after_hours * HOUR_MS))
  // A reminder that would come with (or after) the final notice is left out: one mail says it.
  const reminderAt =
    settings.mails.payment_reminder &&
    !(finalNoticeAt && reminder >= finalNoticeAt) &&
    !(endsAt && reminder >= endsAt)
      ? reminder
      : null
  return { retries, reminderAt, finalNoticeAt, endsAt }
}

export type DueAction = 'retry' | 'reminder' | 'final_notice' | 'lose' | 'refresh'

export interface Evaluation {
  /** What is due now, in the order to do it (at most one retry). */
  due: DueAction[]
  /** The next moment something falls due; null: only a Stripe event can move it on. */
  nextAt: Date | null
}

export function evaluateCampaign(facts: CampaignFacts, settings: TimelineSettings, now: Date): Evaluation {
  const plan = planCampaign(facts, settings)
  const moments: Array<[DueAction, Date | null]> = [
    ['reminder', facts.reminderSent ? null : plan.reminderAt],
    ['final_notice', facts.finalNoticeSent ? null : plan.finalNoticeAt],
    // Never on top of Stripe's own retries: a retry waits while Stripe has one to come.
    ['retry', facts.stripeNextAttemptAt ? null : (plan.retries[facts.ourAttempts] ?? null)],
    ['lose', plan.endsAt],
    [
      'refresh',
      !facts.anchorAt && facts.stripeNextAttemptAt
        ? later(facts.stripeNextAttemptAt, STRIPE_ATTEMPT_OVERDUE_MS)
        : null,
    ],
  ]
  const due = moments.filter(([, at]) => at !== null && at <= now).map(([action]) => action)
  // At the end nothing but the loss remains, unless a retry is still due then: it is tried first.
  if (due.includes('lose') && !due.includes('retry')) return { due: ['lose'], nextAt: null }
  const future = moments
    .map(([, at]) => at)
    .filter((at): at is Date => at !== null && at > now)
    .sort((a, b) => a.getTime() - b.getTime())
  return {
    due: due.filter((action) => action !== 'lose'),
    nextAt: due.includes('lose') ? now : (future[0] ?? null),
  }
}
