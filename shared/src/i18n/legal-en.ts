import type { LegalStrings } from './legal-types'

/**
 * English legal words. The statutory page follows the English texts of Directive 2011/83/EU Article
 * 11a ("withdraw from contract here", "confirm withdrawal") and mirrors § 312k BGB's list of fields
 * ("cancel contracts here", "cancel now"); jurisdiction/README.md cites both. Not legal advice.
 */
export const EN_LEGAL: LegalStrings = {
  terms: {
    regular: '{plan}: {price}.',
    discounted: '{plan}: {percent} off, {money} for the {charges}, then {price}.',
    first_charge: 'First charge: {charge}.',
    next_charge: 'Next charge: {charge}.',
    renews: 'Renews automatically {each} until you cancel.',
    price: '{money} {per}',
    charge_today: '{money} today',
    charge_on: '{money} on {date}',
    per_day: 'every day',
    per_week: 'every week',
    per_month: 'every month',
    per_year: 'every year',
    per_days: 'every {n} days',
    per_weeks: 'every {n} weeks',
    per_months: 'every {n} months',
    per_years: 'every {n} years',
    each_day: 'every day',
    each_week: 'every week',
    each_month: 'every month',
    each_year: 'every year',
    each_days: 'every {n} days',
    each_weeks: 'every {n} weeks',
    each_months: 'every {n} months',
    each_years: 'every {n} years',
    charges_one: 'first charge',
    charges_many: 'first {n} charges',
  },
  statutory: {
    termination_headline: 'Cancel your contract',
    termination_intro:
      'Please give the details below and confirm with the button at the end. We send the confirmation of your cancellation to your e-mail address straight away.',
    withdrawal_headline: 'Withdraw from your contract',
    withdrawal_intro:
      'You can withdraw from this contract until {date}. Please give the details below and confirm your withdrawal. We send the acknowledgement to your e-mail address straight away.',
    kind_legend: 'Type of cancellation',
    kind_ordinary: 'Ordinary cancellation',
    kind_extraordinary: 'Extraordinary cancellation (for good cause)',
    kind_withdrawal: 'Withdrawal (possible until {date})',
    reason_label: 'Reason for the extraordinary cancellation',
    name_label: 'Your full name',
    contract_label: 'Contract',
    time_legend: 'When should the contract end?',
    time_earliest: 'At the earliest possible date ({date})',
    time_date: 'On this date',
    email_label: 'E-mail address for the confirmation',
    submit_termination: 'Cancel now',
    submit_withdrawal: 'Confirm withdrawal',
    required: 'Please fill in this field.',
    invalid_email: 'Please enter a valid e-mail address.',
    invalid_date: 'Please choose today or a later date.',
    received_headline: 'Your cancellation has been received',
    received_withdrawal_headline: 'Your withdrawal has been received',
    received_text:
      'Received on {date} at {time} (reference {reference}). Your contract ends on {end}. We have sent the confirmation to {email}.',
    received_withdrawal_text:
      'Received on {date} at {time} (reference {reference}). Your contract has ended. We have sent the acknowledgement to {email}.',
    extraordinary_note:
      'We will review the reason you gave. If it ends the contract earlier, we will tell you by e-mail.',
    contract_name: '{plan} (contract {id})',
  },
  after_cancel: {
    question: 'Your cancellation is done. Would you like to hear an offer to stay?',
    yes: 'Yes, tell me',
    no: 'No, thanks',
    thanks_yes:
      'Thank you. We will send you an offer by e-mail. Your cancellation stands unless you accept it.',
    thanks_no: 'Understood. Your cancellation stands.',
  },
}
