import type { RecoveryMailWords } from '../../recovery/words'
import type { Role } from '../../roles'

/**
 * Every kind of mail Retainkit sends to a person. The server's template registry is a `Record` over
 * this list (server/src/services/mail/templates/), and every built-in language's mail words name each
 * kind (`MailWords`): adding a kind here fails the build until both exist.
 */
export const MAIL_KINDS = [
  'sign_in',
  'email_change',
  'member_invitation',
  'usage_notice',
  'cancellation_receipt',
  'payment_failed',
  'payment_reminder',
  'payment_final_notice',
  'payment_recovered',
  'card_expiring',
  'trial_ending',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** Words every mail may use. `{merchant}`: the merchant's name. */
export interface CommonMailWords {
  /** Under the button: the same link as text, for mail clients that block buttons. */
  link_hint: string
  /** The footer of Retainkit's own mails (sign-in, team, plan). */
  footer_retainkit: string
  /** The footer of a mail sent on a merchant's behalf to their subscriber. `{merchant}` */
  footer_subscription: string
}

export interface SignInMailWords {
  subject: string
  heading: string
  intro: string
  button: string
  /** `{minutes}` */
  expiry: string
  ignore: string
}

export interface EmailChangeMailWords {
  subject: string
  heading: string
  /** `{email}`: the new address */
  intro: string
  button: string
  /** `{minutes}` */
  expiry: string
  ignore: string
}

export interface MemberInvitationMailWords {
  /** `{account}` */
  subject: string
  /** `{account}` */
  heading: string
  /** `{account}`, `{role}` */
  body: string
  /** `{email}` */
  sign_in_with: string
  button: string
  /** `{days}` */
  expiry: string
  roles: Record<Role, string>
}

/**
 * `{account}` the account's name, `{sessions}` used, `{limit}` the month's limit, `{threshold}` the
 * percentage, `{month}` the month in words, `{reset}` the day the count starts again, `{plan}` a plan's
 * name, `{price}` the price of one session beyond the limit.
 */
export interface UsageNoticeMailWords {
  subject_share: string
  subject_all: string
  heading_share: string
  heading_all: string
  lead_starter: string
  lead_pro: string
  starter_near: string
  starter_full: string
  pro_beyond: string
  upgrade: string
  upgrade_no_limit: string
  button_upgrade: string
  button_plan: string
}

/**
 * One built-in language's mail words: all of them (the compiler refuses a missing one). `{name}`
 * placeholders are filled, HTML-escaped, by the server's templates.
 */
/**
 * The cancellation receipt (issue 34), to the subscriber and, when the merchant asks, a copy to them.
 * The same as the statutory page: what was cancelled, when it takes effect, when the request was
 * received, a reference, and the evidence ledger row's hash as a seal. `{merchant}`, `{contract}`,
 * `{end}`, `{date}`, `{time}` (with its zone), `{reference}`, `{seal}`, `{kind}`.
 */
export interface ReceiptMailWords {
  kind_cancellation: string
  kind_ordinary: string
  kind_extraordinary: string
  kind_withdrawal: string
  /** When the end date is not known. */
  end_unknown: string
  /** `{plan}`, `{id}` */
  contract: string
  subject: string
  withdrawal_subject: string
  greeting: string
  intro: string
  withdrawal_intro: string
  what: string
  effective: string
  received: string
  reference: string
  kind: string
  seal: string
  keep: string
  merchant_copy_intro: string
}

/**
 * Retainkit's own trial ending (issue 33), to the account's owners 7, 3 and 1 days before: when, what
 * changes on Starter, and that subscribing keeps the days left. `{plan}` Pro, `{starter}` Starter,
 * `{days}`, `{date}` the trial's end, `{account}`, `{sessions}` Starter's monthly sessions, `{price}`
 * Pro's monthly price.
 */
export interface TrialEndingMailWords {
  subject: string
  /** With one day or less left. */
  subject_last: string
  heading: string
  lead: string
  starter: string
  /** Subscribing keeps the days left: the first charge is at the trial's end. */
  keep: string
  /** Too close to the end to keep them: the first charge is when subscribing. */
  keep_now: string
  button: string
}

export interface MailWords {
  common: CommonMailWords
  sign_in: SignInMailWords
  email_change: EmailChangeMailWords
  member_invitation: MemberInvitationMailWords
  usage_notice: UsageNoticeMailWords
  cancellation_receipt: ReceiptMailWords
  /**
   * Payment recovery's five mails (payment failed, reminder, final notice, recovered receipt, card
   * expiring), keyed as merchants override them (`payment_failed.subject`, …): the mail share of
   * shared/src/recovery/words.ts, so the widget prompt, the card-update page and the mails speak alike.
   */
  payment_recovery: RecoveryMailWords
  trial_ending: TrialEndingMailWords
}
