import { RECOVERY_WORDS_DE, recoveryMailWords } from '../../recovery/words'
import type { MailWords } from './types'

/** German, with the formal "Sie" like the widget's catalogue. */
export const DE_MAIL: MailWords = {
  common: {
    link_hint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    footer_retainkit: 'Gesendet von Retainkit.',
    footer_subscription: 'Sie erhalten diese E-Mail wegen Ihres Abonnements bei {merchant}.',
  },
  sign_in: {
    subject: 'Ihr Anmeldelink für Retainkit',
    heading: 'Bei Retainkit anmelden',
    intro: 'Melden Sie sich mit diesem Link bei Retainkit an:',
    button: 'Anmelden',
    expiry: 'Der Link funktioniert einmal und läuft in {minutes} Minuten ab.',
    ignore: 'Wenn Sie keine Anmeldung angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  email_change: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Retainkit',
    heading: 'Neue E-Mail-Adresse bestätigen',
    intro: 'Bestätigen Sie {email} als E-Mail-Adresse Ihres Retainkit-Kontos mit diesem Link:',
    button: 'Adresse bestätigen',
    expiry:
      'Der Link funktioniert einmal und läuft in {minutes} Minuten ab. Bis Sie ihn öffnen, behält Ihr Konto seine bisherige Adresse.',
    ignore: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  },
  member_invitation: {
    subject: 'Einladung zu {account} bei Retainkit',
    heading: '{account} bei Retainkit beitreten',
    body: 'Sie wurden eingeladen, {account} bei Retainkit als {role} beizutreten.',
    sign_in_with: 'Melden Sie sich mit dieser Adresse ({email}) an, um die Einladung anzunehmen.',
    button: 'Anmelden und annehmen',
    expiry: 'Die Einladung läuft in {days} Tagen ab.',
    roles: { owner: 'Inhaber', admin: 'Administrator', editor: 'Bearbeiter', viewer: 'Betrachter' },
  },
  usage_notice: {
    subject_share: 'Retainkit: {account} hat {threshold} % der Kündigungssitzungen dieses Monats genutzt',
    subject_all: 'Retainkit: {account} hat alle {limit} Kündigungssitzungen dieses Monats genutzt',
    heading_share: '{threshold} % der Kündigungssitzungen dieses Monats genutzt',
    heading_all: 'Alle Kündigungssitzungen dieses Monats genutzt',
    lead_starter:
      'Ihr Konto „{account}“ hat im {month} {sessions} der {limit} Kündigungssitzungen genutzt, die der Tarif {plan} enthält.',
    lead_pro:
      'Ihr Konto „{account}“ hat im {month} {sessions} der {limit} ohne Aufpreis enthaltenen Kündigungssitzungen genutzt.',
    starter_near:
      'Nach {limit} tritt der Kündigungsablauf bis zum {reset} zurück, und Abonnenten gelangen direkt auf Ihre eigene Kündigungsseite.',
    starter_full:
      'Bis zum {reset} tritt der Kündigungsablauf zurück, und kündigende Abonnenten gelangen direkt auf Ihre eigene Kündigungsseite.',
    pro_beyond:
      'Über {limit} im Monat hinaus kostet jede Kündigungssitzung {price}, abgerechnet mit Ihrem {plan}-Abonnement (nicht während einer Testphase).',
    upgrade:
      'Wechseln Sie zu {plan}: {included} Kündigungssitzungen pro Monat inklusive, danach {price} je Sitzung.',
    upgrade_no_limit: 'Wechseln Sie zu {plan}: keine Begrenzung der Kündigungssitzungen.',
    button_upgrade: 'Zu {plan} wechseln',
    button_plan: 'Ihr Tarif und Ihre Nutzung',
  },
  cancellation_receipt: {
    kind_cancellation: 'Kündigung',
    kind_ordinary: 'Ordentliche Kündigung',
    kind_extraordinary: 'Außerordentliche Kündigung (aus wichtigem Grund)',
    kind_withdrawal: 'Widerruf',
    end_unknown: 'zum Ende Ihres aktuellen Abrechnungszeitraums',
    contract: '{plan}, Abonnement {id}',
    subject: 'Ihre Kündigung bei {merchant} (Referenz {reference})',
    withdrawal_subject: 'Ihr Widerruf Ihres Vertrags mit {merchant} (Referenz {reference})',
    greeting: 'Guten Tag,',
    intro: 'Ihre Kündigung ist bei uns eingegangen. Bitte bewahren Sie diese E-Mail als Bestätigung auf.',
    withdrawal_intro:
      'Ihr Widerruf ist bei uns eingegangen. Bitte bewahren Sie diese E-Mail als Eingangsbestätigung auf.',
    what: 'Gekündigter Vertrag: {contract}',
    effective: 'Wirksam zum: {end}',
    received: 'Eingegangen am: {date} um {time}',
    reference: 'Referenz: {reference}',
    kind: 'Art: {kind}',
    seal: 'Nachweis-Siegel: {seal}',
    keep: 'Falls Sie dies nicht veranlasst haben, antworten Sie bitte auf diese E-Mail.',
    merchant_copy_intro: 'Eine Kopie der Bestätigung an Ihren Abonnenten:',
  },
  payment_recovery: recoveryMailWords(RECOVERY_WORDS_DE),
  trial_ending: {
    subject: 'Retainkit: Ihre {plan}-Testphase endet in {days} Tagen',
    subject_last: 'Retainkit: Ihre {plan}-Testphase endet morgen',
    heading: 'Ihre {plan}-Testphase endet am {date}',
    lead: 'Die {plan}-Testphase von „{account}“ endet am {date}.',
    starter:
      'Danach wechselt das Konto zu {starter}: {sessions} Kündigungssitzungen pro Monat, der Standardablauf und das Standarddesign, keine Halteangebote und kein Reaktivierungsbanner. Ihre Einstellungen und Ihr Verlauf bleiben erhalten.',
    keep: 'Abonnieren Sie {plan} bis dahin, und Sie behalten jeden verbleibenden Testtag: Die erste Abbuchung, {price}, erfolgt am {date}.',
    keep_now:
      'Wenn Sie {plan} jetzt abonnieren, beginnt es sofort: Die erste Abbuchung, {price}, erfolgt am Tag des Abonnements.',
    button: 'Tarif wählen',
  },
}
