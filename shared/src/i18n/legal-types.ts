/**
 * Every word a subscriber must agree to or keep as proof on screen, as catalogue keys a merchant can
 * translate (the cancellation receipt's are mail words, `mail/types.ts`, one language per mail)
 * (`legal.<block>.<key>` in `config.languages.translations`). A language uses a block only when it has
 * every key of it; otherwise the whole block comes in the account's default language (`legal.ts`), so a
 * price, a renewal sentence or a statutory page is never half in one language and half in another.
 * Placeholders in braces are filled by the server; money, dates and percentages are written by `Intl`
 * for the block's language.
 */

/** The price terms a subscriber confirms (reactivation, undoing a scheduled cancellation). */
export interface TermsStrings {
  /** `{plan}: {price}.` */
  regular: string
  /** `{plan}: {percent} off, {money} for the {charges}, then {price}.` */
  discounted: string
  /** `First charge: {charge}.` (charged at once) */
  first_charge: string
  /** `Next charge: {charge}.` */
  next_charge: string
  /** `Renews automatically {each} until you cancel.` */
  renews: string
  /** `{money} {per}`: a price per period */
  price: string
  /** `{money} today` */
  charge_today: string
  /** `{money} on {date}` */
  charge_on: string
  /** After a price: `every month`; with `{n}`: `every {n} months`. */
  per_day: string
  per_week: string
  per_month: string
  per_year: string
  per_days: string
  per_weeks: string
  per_months: string
  per_years: string
  /** In the renewal sentence (some languages say it differently): `every month`, `every {n} months`. */
  each_day: string
  each_week: string
  each_month: string
  each_year: string
  each_days: string
  each_weeks: string
  each_months: string
  each_years: string
  /** `first charge`; `first {n} charges` */
  charges_one: string
  charges_many: string
}

/**
 * The statutory confirmation page (jurisdiction mode `statutory_button`): Germany's § 312k BGB asks for
 * the kind of cancellation (and the reason of an extraordinary one), the person, the contract, when it
 * ends and an e-mail address for the confirmation, then a button labelled "jetzt kündigen" or as
 * unambiguous; the EU withdrawal function (Directive 2011/83/EU Article 11a) for name, contract and
 * the e-mail address, then "confirm withdrawal". Nothing else is asked.
 */
export interface StatutoryStrings {
  termination_headline: string
  termination_intro: string
  /** `{date}`: the end of the withdrawal period */
  withdrawal_headline: string
  withdrawal_intro: string
  kind_legend: string
  kind_ordinary: string
  kind_extraordinary: string
  /** `{date}` */
  kind_withdrawal: string
  reason_label: string
  name_label: string
  contract_label: string
  time_legend: string
  /** `{date}`: the earliest possible end */
  time_earliest: string
  time_date: string
  email_label: string
  /** "jetzt kündigen" */
  submit_termination: string
  /** "Widerruf bestätigen" */
  submit_withdrawal: string
  required: string
  invalid_email: string
  invalid_date: string
  received_headline: string
  received_withdrawal_headline: string
  /** `{date}`, `{time}` (with its zone, `14:05 UTC`), `{reference}`, `{end}`, `{email}` */
  received_text: string
  /** `{date}`, `{time}`, `{reference}`, `{email}` */
  received_withdrawal_text: string
  extraordinary_note: string
  /** `{plan}`, `{id}`: how the contract is named */
  contract_name: string
}

/** After a cancellation in `offers_after_cancel` mode (Minnesota): the one question, and its answers. */
export interface AfterCancelStrings {
  question: string
  yes: string
  no: string
  thanks_yes: string
  thanks_no: string
}

export interface LegalStrings {
  terms: TermsStrings
  statutory: StatutoryStrings
  after_cancel: AfterCancelStrings
}

export type LegalBlock = keyof LegalStrings
export const LEGAL_BLOCKS = ['terms', 'statutory', 'after_cancel'] as const satisfies readonly LegalBlock[]
