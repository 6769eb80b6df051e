/**
 * Payment recovery's closed vocabularies (issue 30): a campaign's states, how it ended, and what a
 * decline code means for retrying. Zod-free, so the server, the console and the widget's recovery
 * chunk may all import it.
 */

/** One state machine per failed invoice: failed → retrying → recovered | lost | resolved. */
export const RECOVERY_STATES = ['failed', 'retrying', 'recovered', 'lost', 'resolved'] as const
export type RecoveryState = (typeof RECOVERY_STATES)[number]
export const OPEN_RECOVERY_STATES = ['failed', 'retrying'] as const satisfies readonly RecoveryState[]

/** What recovered the payment (the dashboard's "recovery rate by channel"). */
export const RECOVERY_CHANNELS = ['stripe_retry', 'our_retry', 'email_link', 'banner'] as const
export type RecoveryChannel = (typeof RECOVERY_CHANNELS)[number]

/** Why a campaign was lost: the grace ran out, or Stripe cancelled the subscription for non-payment. */
export const LOSS_REASONS = ['grace_ended', 'canceled_for_nonpayment'] as const
export type LossReason = (typeof LOSS_REASONS)[number]

/**
 * "Resolved elsewhere": the invoice was paid by other means, voided or marked uncollectible, the
 * subscription cancelled by other means — or paused from the last-chance offer instead of being lost.
 */
export const RESOLUTIONS = ['paid_elsewhere', 'voided', 'canceled', 'paused'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

export type RecoveryOutcome = RecoveryChannel | LossReason | Resolution

/** Where a subscriber opened the card-update page from: the e-mails' link, or the on-site prompt. */
export const LINK_CHANNELS = ['email', 'banner'] as const
export type LinkChannel = (typeof LINK_CHANNELS)[number]
export const CHANNEL_OF_LINK: Readonly<Record<LinkChannel, RecoveryChannel>> = {
  email: 'email_link',
  banner: 'banner',
}

/**
 * Declines a retry of the same card cannot fix (Stripe's decline codes): the card is reported lost or
 * stolen, the charge looked fraudulent, the issuer will never approve it, the card is expired or the
 * number wrong, or the bank wants the cardholder to authenticate. Retainkit skips its retries for
 * these and asks the subscriber for another card instead.
 */
export const HARD_DECLINE_CODES = [
  'stolen_card',
  'lost_card',
  'fraudulent',
  'pickup_card',
  'restricted_card',
  'security_violation',
  'merchant_blacklist',
  'revocation_of_all_authorizations',
  'revocation_of_authorization',
  'stop_payment_order',
  'invalid_account',
  'incorrect_number',
  'invalid_number',
  'expired_card',
  'authentication_required',
] as const

const HARD: ReadonlySet<string> = new Set(HARD_DECLINE_CODES)
export const isHardDecline = (code: string | null | undefined): boolean => code != null && HARD.has(code)

/** The mails of a campaign, each switchable off by the merchant. */
export const RECOVERY_MAIL_KINDS = [
  'payment_failed',
  'payment_reminder',
  'payment_final_notice',
  'payment_recovered',
  'card_expiring',
] as const
export type RecoveryMailKind = (typeof RECOVERY_MAIL_KINDS)[number]

/** What the on-site prompt shows a past-due subscriber: a banner, a blocking wall, or nothing. */
export const PROMPT_MODES = ['banner', 'wall', 'off'] as const
export type PromptMode = (typeof PROMPT_MODES)[number]

/** Whose retries run: Retainkit's after Stripe's last, or Retainkit's alone (Stripe's switched off). */
export const RETRY_MODES = ['after_stripe', 'retainkit'] as const
export type RetryMode = (typeof RETRY_MODES)[number]

/** At the end of the grace: cancel the subscription through Stripe, or leave it as Stripe has it. */
export const END_ACTIONS = ['cancel', 'leave'] as const
export type EndAction = (typeof END_ACTIONS)[number]
