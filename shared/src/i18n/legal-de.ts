import type { LegalStrings } from './legal-types'

/**
 * German legal words. The statutory page uses the words of § 312k Abs. 2 BGB ("jetzt kündigen"; the
 * merchant's own button reads "Verträge hier kündigen") and of the German text of Article 11a of
 * Directive 2011/83/EU ("Vertrag widerrufen", "Widerruf bestätigen"). Sie, as elsewhere. Not legal advice.
 */
export const DE_LEGAL: LegalStrings = {
  terms: {
    regular: '{plan}: {price}.',
    discounted: '{plan}: {percent} Rabatt, {money} für {charges}, danach {price}.',
    first_charge: 'Erste Abbuchung: {charge}.',
    next_charge: 'Nächste Abbuchung: {charge}.',
    renews: 'Verlängert sich automatisch {each}, bis Sie kündigen.',
    price: '{money} {per}',
    charge_today: '{money} heute',
    charge_on: '{money} am {date}',
    per_day: 'pro Tag',
    per_week: 'pro Woche',
    per_month: 'pro Monat',
    per_year: 'pro Jahr',
    per_days: 'alle {n} Tage',
    per_weeks: 'alle {n} Wochen',
    per_months: 'alle {n} Monate',
    per_years: 'alle {n} Jahre',
    each_day: 'jeden Tag',
    each_week: 'jede Woche',
    each_month: 'jeden Monat',
    each_year: 'jedes Jahr',
    each_days: 'alle {n} Tage',
    each_weeks: 'alle {n} Wochen',
    each_months: 'alle {n} Monate',
    each_years: 'alle {n} Jahre',
    charges_one: 'die erste Abbuchung',
    charges_many: 'die ersten {n} Abbuchungen',
  },
  statutory: {
    termination_headline: 'Vertrag kündigen',
    termination_intro:
      'Bitte machen Sie die folgenden Angaben und bestätigen Sie mit der Schaltfläche am Ende. Die Bestätigung Ihrer Kündigung senden wir sofort an Ihre E-Mail-Adresse.',
    withdrawal_headline: 'Vertrag widerrufen',
    withdrawal_intro:
      'Sie können diesen Vertrag bis zum {date} widerrufen. Bitte machen Sie die folgenden Angaben und bestätigen Sie den Widerruf. Die Eingangsbestätigung senden wir sofort an Ihre E-Mail-Adresse.',
    kind_legend: 'Art der Kündigung',
    kind_ordinary: 'Ordentliche Kündigung',
    kind_extraordinary: 'Außerordentliche Kündigung (aus wichtigem Grund)',
    kind_withdrawal: 'Widerruf (möglich bis zum {date})',
    reason_label: 'Kündigungsgrund',
    name_label: 'Ihr vollständiger Name',
    contract_label: 'Vertrag',
    time_legend: 'Zu welchem Zeitpunkt soll der Vertrag enden?',
    time_earliest: 'Zum nächstmöglichen Zeitpunkt ({date})',
    time_date: 'Zu diesem Datum',
    email_label: 'E-Mail-Adresse für die Kündigungsbestätigung',
    submit_termination: 'jetzt kündigen',
    submit_withdrawal: 'Widerruf bestätigen',
    required: 'Bitte füllen Sie dieses Feld aus.',
    invalid_email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    invalid_date: 'Bitte wählen Sie heute oder ein späteres Datum.',
    received_headline: 'Ihre Kündigung ist eingegangen',
    received_withdrawal_headline: 'Ihr Widerruf ist eingegangen',
    received_text:
      'Eingegangen am {date} um {time} (Referenz {reference}). Ihr Vertrag endet am {end}. Die Bestätigung haben wir an {email} gesendet.',
    received_withdrawal_text:
      'Eingegangen am {date} um {time} (Referenz {reference}). Ihr Vertrag ist beendet. Die Eingangsbestätigung haben wir an {email} gesendet.',
    extraordinary_note:
      'Wir prüfen den angegebenen Grund. Endet der Vertrag dadurch früher, teilen wir Ihnen das per E-Mail mit.',
    contract_name: '{plan} (Vertrag {id})',
  },
  after_cancel: {
    question: 'Ihre Kündigung ist erledigt. Möchten Sie ein Angebot zum Bleiben hören?',
    yes: 'Ja, gerne',
    no: 'Nein, danke',
    thanks_yes:
      'Vielen Dank. Wir senden Ihnen ein Angebot per E-Mail. Ihre Kündigung bleibt bestehen, solange Sie es nicht annehmen.',
    thanks_no: 'Verstanden. Ihre Kündigung bleibt bestehen.',
  },
}
