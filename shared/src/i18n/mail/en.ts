import { RECOVERY_WORDS_EN, recoveryMailWords } from '../../recovery/words'
import type { MailWords } from './types'

export const EN_MAIL: MailWords = {
  common: {
    link_hint: 'If the button does not work, copy this address into your browser:',
    footer_retainkit: 'Sent by Retainkit.',
    footer_subscription: 'You receive this e-mail because of your subscription with {merchant}.',
  },
  sign_in: {
    subject: 'Your Retainkit sign-in link',
    heading: 'Sign in to Retainkit',
    intro: 'Sign in to Retainkit with this link:',
    button: 'Sign in',
    expiry: 'The link works once and expires in {minutes} minutes.',
    ignore: 'If you did not ask to sign in, you can ignore this e-mail.',
  },
  email_change: {
    subject: 'Confirm your new Retainkit e-mail address',
    heading: 'Confirm your new e-mail address',
    intro: 'Confirm {email} as the e-mail address of your Retainkit account with this link:',
    button: 'Confirm this address',
    expiry:
      'The link works once and expires in {minutes} minutes. Until you open it, your account keeps its current address.',
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
  },
  member_invitation: {
    subject: "You're invited to {account} on Retainkit",
    heading: 'Join {account} on Retainkit',
    body: 'You have been invited to join {account} on Retainkit as {role}.',
    sign_in_with: 'Sign in with this address ({email}) to accept.',
    button: 'Sign in to accept',
    expiry: 'The invitation expires in {days} days.',
    roles: { owner: 'owner', admin: 'admin', editor: 'editor', viewer: 'viewer' },
  },
  usage_notice: {
    subject_share: "Retainkit: {account} has used {threshold}% of this month's cancel sessions",
    subject_all: 'Retainkit: {account} has used all {limit} cancel sessions this month',
    heading_share: "{threshold}% of this month's cancel sessions used",
    heading_all: "All of this month's cancel sessions used",
    lead_starter:
      'Your account "{account}" has used {sessions} of the {limit} cancel sessions the {plan} plan includes in {month}.',
    lead_pro:
      'Your account "{account}" has used {sessions} of the {limit} cancel sessions included at no extra cost in {month}.',
    starter_near:
      'After {limit}, the cancel flow steps aside until {reset} and subscribers go straight to your own cancel page.',
    starter_full:
      'Until {reset}, the cancel flow steps aside and subscribers who cancel go straight to your own cancel page.',
    pro_beyond:
      'Beyond {limit} a month, each cancel session costs {price}, billed with your {plan} subscription (not during a trial).',
    upgrade: 'Upgrade to {plan}: {included} cancel sessions a month included, then {price} each.',
    upgrade_no_limit: 'Upgrade to {plan}: no limit on cancel sessions.',
    button_upgrade: 'Upgrade to {plan}',
    button_plan: 'Your plan and usage',
  },
  cancellation_receipt: {
    kind_cancellation: 'Cancellation',
    kind_ordinary: 'Ordinary cancellation',
    kind_extraordinary: 'Extraordinary cancellation (for good cause)',
    kind_withdrawal: 'Withdrawal',
    end_unknown: 'at the end of your current billing period',
    contract: '{plan}, subscription {id}',
    subject: 'Your cancellation with {merchant} (reference {reference})',
    withdrawal_subject: 'Your withdrawal from your contract with {merchant} (reference {reference})',
    greeting: 'Hello,',
    intro: 'We have received your cancellation. Please keep this e-mail as your confirmation.',
    withdrawal_intro: 'We have received your withdrawal. Please keep this e-mail as your acknowledgement.',
    what: 'Contract cancelled: {contract}',
    effective: 'Takes effect: {end}',
    received: 'Request received: {date} at {time}',
    reference: 'Reference: {reference}',
    kind: 'Type: {kind}',
    seal: 'Evidence seal: {seal}',
    keep: 'If you did not ask for this, reply to this e-mail.',
    merchant_copy_intro: 'A copy of the confirmation sent to your subscriber:',
  },
  payment_recovery: recoveryMailWords(RECOVERY_WORDS_EN),
  trial_ending: {
    subject: 'Retainkit: your {plan} trial ends in {days} days',
    subject_last: 'Retainkit: your {plan} trial ends tomorrow',
    heading: 'Your {plan} trial ends on {date}',
    lead: 'The {plan} trial of "{account}" ends on {date}.',
    starter:
      'Then the account moves to {starter}: {sessions} cancel sessions a month, the default flow and styling, no save offers and no reactivation banner. Your settings and history stay.',
    keep: 'Subscribe to {plan} before then and you keep every day left of the trial: the first charge, {price}, is on {date}.',
    keep_now:
      'Subscribing to {plan} now starts it at once: the first charge, {price}, is the day you subscribe.',
    button: 'Choose your plan',
  },
}
