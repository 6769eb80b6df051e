import type { BuiltInCatalog } from './catalog-types'
import { DE_LEGAL } from './legal-de'

/** German (Sie, as German subscription services address their customers). */
const DECLINE = 'Nein danke, kündigen'

export const DE: BuiltInCatalog = {
  copy: {
    general: {
      headline: 'Bevor Sie gehen …',
      subheadline:
        'Verraten Sie uns, warum Sie kündigen? Ihre Antwort hilft uns, besser zu werden – und vielleicht haben wir eine Lösung, die besser zu Ihnen passt.',
      cta_primary: 'Weiter',
      cta_secondary: 'Abo behalten',
    },
    final: {
      headline: 'Ihre Kündigung ist bestätigt',
      subheadline:
        'Ihr Abo verlängert sich nicht und Sie werden nicht mehr belastet. Sie behalten den vollen Zugang bis zum {period_end}. Sie können jederzeit wieder abonnieren. Bewahren Sie diese Nachricht für Ihre Unterlagen auf.',
    },
    user_feedback: {
      any_reason: {
        headline: 'Was hätten wir besser machen können?',
        subheadline: 'Ein, zwei Sätze helfen uns, für alle besser zu werden, die bleiben.',
        placeholder: 'Was hätte Sie zum Bleiben bewogen? (optional)',
        cta_primary: 'Weiter',
        cta_secondary: 'Abo behalten',
      },
      switched_competitor: {
        headline: 'Zu welchem Anbieter wechseln Sie?',
        subheadline: 'Zu wissen, was andere besser machen, zeigt uns, woran wir als Nächstes arbeiten.',
        placeholder: 'Name des Anbieters und warum Sie sich dafür entschieden haben (optional)',
        cta_primary: 'Weiter',
        cta_secondary: 'Abo behalten',
      },
      bad_experience: {
        headline: 'Schade, dass es nicht gepasst hat',
        subheadline: 'Sagen Sie uns, was schiefgelaufen ist, damit wir es beheben können.',
        placeholder: 'Was ist passiert? (optional)',
        cta_primary: 'Weiter',
        cta_secondary: 'Abo behalten',
      },
      other: {
        headline: 'Erzählen Sie uns ein bisschen mehr',
        subheadline:
          'Was ist der Hauptgrund für Ihre Kündigung? Ihre Antwort zeigt uns, was wir verbessern sollten.',
        placeholder: 'Ihr Grund (optional)',
        cta_primary: 'Weiter',
        cta_secondary: 'Abo behalten',
      },
    },
    discount: {
      headline: 'Wie wäre es mit {amount} Rabatt?',
      subheadline:
        'Bleiben Sie und erhalten Sie {duration} lang {amount} Rabatt, ab Ihrer nächsten Rechnung. Danach gilt wieder Ihr regulärer Preis.',
      cta_primary: '{amount} Rabatt sichern',
      cta_secondary: DECLINE,
    },
    pause: {
      headline: 'Brauchen Sie eine Pause? Pausieren statt kündigen',
      subheadline:
        'Pausieren Sie Ihr Abo – solange es pausiert ist, zahlen Sie nichts. Danach läuft es automatisch weiter.',
      dropdown_label: 'Pausieren für',
      cta_primary: 'Abo pausieren',
      cta_secondary: DECLINE,
    },
    plan_switch: {
      headline: 'Wechseln Sie in einen passenderen Tarif',
      subheadline: 'Behalten Sie Ihr Konto und wählen Sie den Tarif, der zu Ihrer heutigen Nutzung passt.',
      dropdown_label: 'Tarif wählen',
      cta_primary: 'Tarif wechseln',
      cta_secondary: DECLINE,
    },
    billing_cycle_switch: {
      headline: 'Ändern Sie, wie oft Sie zahlen',
      subheadline: 'Wählen Sie den Abrechnungszeitraum, der besser zu Ihnen passt, statt zu kündigen.',
      dropdown_label: 'Abrechnungszeitraum',
      cta_primary: 'Abrechnung ändern',
      cta_secondary: DECLINE,
    },
    trial_extension: {
      headline: 'Brauchen Sie mehr Zeit für Ihre Entscheidung?',
      subheadline:
        'Testen Sie noch {duration} lang alles kostenlos weiter. Belastet werden Sie erst, wenn Ihr Testzeitraum endet.',
      cta_primary: 'Testzeitraum verlängern',
      cta_secondary: DECLINE,
    },
    talk_to_us: {
      headline: 'Können wir helfen, bevor Sie gehen?',
      subheadline:
        'Sagen Sie uns, was nicht funktioniert. Jede Nachricht wird von einem echten Menschen in unserem Team gelesen und beantwortet.',
      cta_primary: 'Schreiben Sie uns',
      cta_secondary: DECLINE,
    },
    success: {
      discount: {
        headline: 'Ihr Rabatt ist aktiv',
        subheadline:
          'Sie erhalten {duration} lang {amount} Rabatt, ab Ihrer nächsten Rechnung. Schön, dass Sie bleiben!',
      },
      pause: {
        headline: 'Ihr Abo ist pausiert',
        subheadline:
          'Es ist für {duration} pausiert und läuft danach automatisch weiter. Solange es pausiert ist, zahlen Sie nichts.',
      },
      plan_switch: {
        headline: 'Ihr Tarif wurde geändert',
        subheadline: 'Ihr neuer Tarif: {plan_name}. Schön, dass Sie bleiben!',
      },
      billing_cycle_switch: {
        headline: 'Ihre Abrechnung wurde geändert',
        subheadline: 'Ihr neuer Tarif: {plan_name}. Schön, dass Sie bleiben!',
      },
      trial_extension: {
        headline: 'Ihr Testzeitraum ist verlängert',
        subheadline: 'Sie haben noch {duration}, um alles auszuprobieren. Viel Freude damit!',
      },
      talk_to_us: {
        headline: 'Danke für Ihre Nachricht',
        subheadline: 'Wir melden uns bald bei Ihnen. Bis dahin bleibt Ihr Abo unverändert.',
      },
    },
  },
  reactivation: {
    headline: 'Willkommen zurück!',
    subheadline:
      'Schön, Sie wiederzusehen. Reaktivieren Sie Ihr Abo mit einem Klick und machen Sie dort weiter, wo Sie aufgehört haben.',
    cta_primary: 'Reaktivieren',
    cta_secondary: 'Später',
  },
  reasons: {
    too_expensive: 'Es ist mir zu teuer',
    not_using_enough: 'Ich nutze es zu selten',
    switched_competitor: 'Ich habe eine Alternative gefunden',
    temporary_break: 'Ich brauche eine Pause',
    missing_features: 'Mir fehlen Funktionen, die ich brauche',
    technical_issues: 'Ich hatte technische Probleme',
    other: 'Etwas anderes',
  },
  ui: {
    next: 'Weiter',
    back: 'Zurück',
    accept: 'Angebot annehmen',
    decline: 'Nein danke',
    cancel: 'Abo kündigen',
    stay: 'Abo behalten',
    close: 'Schließen',
    retry: 'Erneut versuchen',
    confirm_headline: 'Kündigung bestätigen',
    confirm_subheadline:
      'Ihr Abo bleibt bis zum {period_end} aktiv und endet dann. Sie werden nicht mehr belastet.',
    confirm_cancel: 'Kündigung bestätigen',
    plan_fallback: 'Ihr Tarif',
    period_end_fallback: 'Ende Ihres aktuellen Abrechnungszeitraums',
    one_month: '1 Monat',
    months: '{n} Monate',
    one_day: '1 Tag',
    days: '{n} Tage',
    step: 'Schritt {n} von {total}',
    reason_required: 'Bitte wählen Sie einen Grund, um fortzufahren.',
    call_failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
    loading: 'Einen Moment …',
    hand_over: 'Die Kündigung hat hier nicht geklappt. Wir leiten Sie zur regulären Kündigungsseite weiter …',
    ends_on: 'Ihr Abo endet am {date}',
    continues: 'Ihr Abo läuft weiter',
    confirm_charge: 'Bestätigen: {charge}',
    discount_terms: '{amount} Rabatt für {duration}',
    promo_code: 'mit dem Code {code}',
    save_confirmation: 'Diese Bestätigung speichern',
    reactivated: 'Willkommen zurück! Ihr Abo ist wieder aktiv.',
    reactivated_discount: 'Willkommen zurück! Ihr Abo ist wieder aktiv – mit Ihren {n} % Rabatt.',
    reactivation_kept: 'Willkommen zurück! Ihr Abo läuft wie gewohnt weiter.',
    already_applied:
      'Dieses Angebot wurde Ihrem Abo bereits gutgeschrieben (in einem anderen Tab oder Fenster).',
    already_trial: 'Ihr Testzeitraum wurde bereits bis zum {date} verlängert.',
    already_cancelled: 'Ihr Abo ist bereits gekündigt.',
    error_token_expired:
      'Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    error_unauthorized:
      'Wir konnten Sie nicht identifizieren. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    error_not_found:
      'Diese Seite ist nicht mehr aktuell. Bitte laden Sie sie neu und versuchen Sie es erneut.',
    error_constraint_violation:
      'Ihr Abo hat sich geändert, seit diese Seite geöffnet wurde. Bitte laden Sie sie neu und versuchen Sie es erneut.',
    error_business_rule_violation: 'Dieses Angebot ist leider gerade nicht verfügbar.',
    error_rate_limit_exceeded:
      'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
    error_external_service_error:
      'Unser Abrechnungssystem ist gerade nicht erreichbar. Es wurde nichts geändert – bitte versuchen Sie es gleich noch einmal.',
    error_service_unavailable:
      'Gerade gibt es ein vorübergehendes Problem. Bitte versuchen Sie es gleich noch einmal.',
  },
  legal: DE_LEGAL,
}
