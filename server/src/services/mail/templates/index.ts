import type { MailKind } from '@retainkit/shared/mail-words'
import type { z } from 'zod'
import { CANCELLATION_RECEIPT_MAIL } from './cancellation-receipt'
import { EMAIL_CHANGE_MAIL } from './email-change'
import { MEMBER_INVITATION_MAIL } from './member-invitation'
import {
  CARD_EXPIRING_MAIL,
  PAYMENT_FAILED_MAIL,
  PAYMENT_FINAL_NOTICE_MAIL,
  PAYMENT_RECOVERED_MAIL,
  PAYMENT_REMINDER_MAIL,
} from './payment-recovery'
import { SIGN_IN_MAIL } from './sign-in'
import { TRIAL_ENDING_MAIL } from './trial-ending'
import type { AnyMailTemplate } from './types'
import { USAGE_NOTICE_MAIL } from './usage-notice'

/**
 * Every kind of mail and its template. `satisfies Record<MailKind, …>`: a kind added to `MAIL_KINDS`
 * (shared/src/i18n/mail/types.ts) fails the build here until it has a template, and its words in every
 * built-in language (`MailWords`). How to add one: services/mail/README.md.
 */
export const MAIL_TEMPLATES = {
  sign_in: SIGN_IN_MAIL,
  email_change: EMAIL_CHANGE_MAIL,
  member_invitation: MEMBER_INVITATION_MAIL,
  usage_notice: USAGE_NOTICE_MAIL,
  cancellation_receipt: CANCELLATION_RECEIPT_MAIL,
  payment_failed: PAYMENT_FAILED_MAIL,
  payment_reminder: PAYMENT_REMINDER_MAIL,
  payment_final_notice: PAYMENT_FINAL_NOTICE_MAIL,
  payment_recovered: PAYMENT_RECOVERED_MAIL,
  card_expiring: CARD_EXPIRING_MAIL,
  trial_ending: TRIAL_ENDING_MAIL,
} satisfies Record<MailKind, AnyMailTemplate>

/** What `enqueueMail` takes for a kind: its template's parameters. */
export type MailParams<K extends MailKind> = z.input<(typeof MAIL_TEMPLATES)[K]['params']>

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_TEMPLATES, kind)
