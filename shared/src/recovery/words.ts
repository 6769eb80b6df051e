/**
 * The words of payment recovery, in every built-in language: its e-mails, the on-site prompt (banner or
 * wall) and the card-update page. Each is a flat key a merchant can override per language in
 * Settings → Payment recovery (`texts`), like the widget's `copy.*` keys. Placeholders: `{merchant}`
 * the merchant's name, `{amount}` the amount due (formatted in the reader's language), `{plan}` the
 * plan, `{days}` the days left before the subscription ends, `{date}` a date in words, `{months}` the
 * pause's length, `{last4}` the card's last four digits.
 */
export const RECOVERY_TEXT_KEYS = [
  'payment_failed.subject',
  'payment_failed.heading',
  'payment_failed.body',
  'payment_failed.button',
  'payment_failed.active',
  'payment_failed.support',
  'payment_reminder.subject',
  'payment_reminder.heading',
  'payment_reminder.body',
  'payment_reminder.button',
  'payment_final_notice.subject',
  'payment_final_notice.heading',
  'payment_final_notice.body',
  'payment_final_notice.button',
  'payment_final_notice.pause',
  'payment_final_notice.pause_button',
  'payment_recovered.subject',
  'payment_recovered.heading',
  'payment_recovered.body',
  'card_expiring.subject',
  'card_expiring.heading',
  'card_expiring.body',
  'card_expiring.button',
  'prompt.headline',
  'prompt.body',
  'prompt.button',
  'prompt.dismiss',
  'prompt.wall_headline',
  'prompt.wall_body',
  'prompt.pause',
  'page.title',
  'page.body',
  'page.button',
  'page.pause_button',
  'page.paid',
  'page.paused',
  'page.expired',
  'page.invalid',
  'page.unavailable',
  'page.back',
  'common.expiry',
] as const
export type RecoveryTextKey = (typeof RECOVERY_TEXT_KEYS)[number]
export type RecoveryWords = Readonly<Record<RecoveryTextKey, string>>

/** The keys the mails use (their kinds' own, and the link's validity line). */
export type RecoveryMailTextKey = Extract<
  RecoveryTextKey,
  `payment_${string}` | `card_expiring.${string}` | 'common.expiry'
>
export const isRecoveryMailTextKey = (key: RecoveryTextKey): key is RecoveryMailTextKey =>
  /^(payment_|card_expiring\.|common\.expiry$)/.test(key)
export type RecoveryMailWords = Readonly<Record<RecoveryMailTextKey, string>>

/** The mail catalogues' share of a language's recovery words (shared/src/i18n/mail). */
export function recoveryMailWords(words: RecoveryWords): RecoveryMailWords {
  return Object.fromEntries(
    Object.entries(words).filter(([key]) => isRecoveryMailTextKey(key as RecoveryTextKey)),
  ) as RecoveryMailWords
}

export const RECOVERY_WORDS_EN: RecoveryWords = {
  'payment_failed.subject': 'Your payment to {merchant} failed',
  'payment_failed.heading': 'Payment failed',
  'payment_failed.body':
    'We could not collect your payment of {amount} for {plan}. Please update your payment method to keep your subscription.',
  'payment_failed.button': 'Update payment method',
  'payment_failed.active': 'Your account will remain active for {days} days.',
  'payment_failed.support': 'Questions? Reply to this e-mail to contact {merchant} support.',
  'payment_reminder.subject': 'Reminder: your payment to {merchant} is still due',
  'payment_reminder.heading': 'Your payment is still due',
  'payment_reminder.body':
    'Your payment of {amount} for {plan} has not gone through yet. Updating your card takes a minute.',
  'payment_reminder.button': 'Update payment method',
  'payment_final_notice.subject': 'Final notice: your {merchant} subscription ends on {date}',
  'payment_final_notice.heading': 'Your subscription is about to end',
  'payment_final_notice.body':
    'We still could not collect {amount} for {plan}. Unless you update your payment method, your subscription ends on {date}.',
  'payment_final_notice.button': 'Update payment method',
  'payment_final_notice.pause': 'Not a good time? You can pause your subscription for {months} instead.',
  'payment_final_notice.pause_button': 'Pause instead',
  'payment_recovered.subject': 'Payment received: thank you',
  'payment_recovered.heading': 'Your payment went through',
  'payment_recovered.body':
    'We received your payment of {amount} for {plan} on {date}. Your subscription continues.',
  'card_expiring.subject': 'Your card for {merchant} expires soon',
  'card_expiring.heading': 'Your card is about to expire',
  'card_expiring.body':
    'The card ending in {last4} that pays for {plan} expires before your next renewal on {date}. Update it now to avoid an interruption.',
  'card_expiring.button': 'Update payment method',
  'prompt.headline': 'Your payment failed',
  'prompt.body': 'We could not collect {amount} for {plan}. Update your card to keep your subscription.',
  'prompt.button': 'Update your card',
  'prompt.dismiss': 'Not now',
  'prompt.wall_headline': 'Your payment failed',
  'prompt.wall_body':
    'To keep using {merchant}, please update your payment method. Your subscription ends on {date}.',
  'prompt.pause': 'Pause for {months} instead',
  'page.title': 'Update your payment method',
  'page.body':
    'Your payment of {amount} for {plan} failed. Update your card with Stripe, our payment provider.',
  'page.button': 'Update payment method',
  'page.pause_button': 'Pause my subscription for {months} instead',
  'page.paid': 'Your payment is up to date. There is nothing to do.',
  'page.paused': 'Your subscription is paused for {months}. Nothing will be charged until then.',
  'page.expired':
    'This link has expired. Open the link in our latest e-mail, or sign in to {merchant} to update your card.',
  'page.invalid': 'This link is not valid. Open the link from the e-mail itself, without changing it.',
  'page.unavailable':
    'We could not open the secure card update right now. Please try again in a few minutes, or contact {merchant}.',
  'page.back': 'Back to {merchant}',
  'common.expiry': 'The link in this e-mail works for {days} days and only for your subscription.',
}

export const RECOVERY_WORDS_FR: RecoveryWords = {
  'payment_failed.subject': 'Votre paiement à {merchant} a échoué',
  'payment_failed.heading': 'Échec du paiement',
  'payment_failed.body':
    "Nous n'avons pas pu encaisser votre paiement de {amount} pour {plan}. Mettez à jour votre moyen de paiement pour conserver votre abonnement.",
  'payment_failed.button': 'Mettre à jour le moyen de paiement',
  'payment_failed.active': 'Votre compte reste actif pendant {days} jours.',
  'payment_failed.support': "Une question ? Répondez à cet e-mail pour contacter l'assistance de {merchant}.",
  'payment_reminder.subject': 'Rappel : votre paiement à {merchant} est toujours dû',
  'payment_reminder.heading': 'Votre paiement est toujours dû',
  'payment_reminder.body':
    "Votre paiement de {amount} pour {plan} n'a pas encore abouti. Mettre à jour votre carte ne prend qu'une minute.",
  'payment_reminder.button': 'Mettre à jour le moyen de paiement',
  'payment_final_notice.subject': 'Dernier avis : votre abonnement {merchant} se termine le {date}',
  'payment_final_notice.heading': 'Votre abonnement va se terminer',
  'payment_final_notice.body':
    "Nous n'avons toujours pas pu encaisser {amount} pour {plan}. Sans mise à jour de votre moyen de paiement, votre abonnement se termine le {date}.",
  'payment_final_notice.button': 'Mettre à jour le moyen de paiement',
  'payment_final_notice.pause':
    'Pas le bon moment ? Vous pouvez plutôt suspendre votre abonnement pendant {months}.',
  'payment_final_notice.pause_button': 'Suspendre plutôt',
  'payment_recovered.subject': 'Paiement reçu : merci',
  'payment_recovered.heading': 'Votre paiement est passé',
  'payment_recovered.body':
    'Nous avons reçu votre paiement de {amount} pour {plan} le {date}. Votre abonnement continue.',
  'card_expiring.subject': 'Votre carte pour {merchant} expire bientôt',
  'card_expiring.heading': 'Votre carte va expirer',
  'card_expiring.body':
    'La carte se terminant par {last4} qui paie {plan} expire avant votre prochain renouvellement, le {date}. Mettez-la à jour dès maintenant pour éviter une interruption.',
  'card_expiring.button': 'Mettre à jour le moyen de paiement',
  'prompt.headline': 'Votre paiement a échoué',
  'prompt.body':
    "Nous n'avons pas pu encaisser {amount} pour {plan}. Mettez à jour votre carte pour garder votre abonnement.",
  'prompt.button': 'Mettre à jour ma carte',
  'prompt.dismiss': 'Plus tard',
  'prompt.wall_headline': 'Votre paiement a échoué',
  'prompt.wall_body':
    'Pour continuer à utiliser {merchant}, mettez à jour votre moyen de paiement. Votre abonnement se termine le {date}.',
  'prompt.pause': 'Suspendre {months} plutôt',
  'page.title': 'Mettez à jour votre moyen de paiement',
  'page.body':
    'Votre paiement de {amount} pour {plan} a échoué. Mettez à jour votre carte avec Stripe, notre prestataire de paiement.',
  'page.button': 'Mettre à jour le moyen de paiement',
  'page.pause_button': 'Suspendre plutôt mon abonnement pendant {months}',
  'page.paid': "Votre paiement est à jour. Vous n'avez rien à faire.",
  'page.paused': "Votre abonnement est suspendu pendant {months}. Rien ne sera prélevé d'ici là.",
  'page.expired':
    'Ce lien a expiré. Ouvrez le lien de notre dernier e-mail, ou connectez-vous à {merchant} pour mettre à jour votre carte.',
  'page.invalid': "Ce lien n'est pas valide. Ouvrez le lien depuis l'e-mail lui-même, sans le modifier.",
  'page.unavailable':
    "Nous n'avons pas pu ouvrir la mise à jour sécurisée de la carte. Réessayez dans quelques minutes ou contactez {merchant}.",
  'page.back': 'Retour à {merchant}',
  'common.expiry': 'Le lien de cet e-mail est valable {days} jours et uniquement pour votre abonnement.',
}

export const RECOVERY_WORDS_DE: RecoveryWords = {
  'payment_failed.subject': 'Ihre Zahlung an {merchant} ist fehlgeschlagen',
  'payment_failed.heading': 'Zahlung fehlgeschlagen',
  'payment_failed.body':
    'Wir konnten Ihre Zahlung von {amount} für {plan} nicht einziehen. Bitte aktualisieren Sie Ihre Zahlungsmethode, um Ihr Abonnement zu behalten.',
  'payment_failed.button': 'Zahlungsmethode aktualisieren',
  'payment_failed.active': 'Ihr Konto bleibt {days} Tage aktiv.',
  'payment_failed.support':
    'Fragen? Antworten Sie auf diese E-Mail, um den Support von {merchant} zu erreichen.',
  'payment_reminder.subject': 'Erinnerung: Ihre Zahlung an {merchant} ist noch offen',
  'payment_reminder.heading': 'Ihre Zahlung ist noch offen',
  'payment_reminder.body':
    'Ihre Zahlung von {amount} für {plan} ist noch nicht eingegangen. Die Karte zu aktualisieren dauert nur eine Minute.',
  'payment_reminder.button': 'Zahlungsmethode aktualisieren',
  'payment_final_notice.subject': 'Letzte Mahnung: Ihr Abonnement bei {merchant} endet am {date}',
  'payment_final_notice.heading': 'Ihr Abonnement endet bald',
  'payment_final_notice.body':
    'Wir konnten {amount} für {plan} weiterhin nicht einziehen. Ohne neue Zahlungsmethode endet Ihr Abonnement am {date}.',
  'payment_final_notice.button': 'Zahlungsmethode aktualisieren',
  'payment_final_notice.pause': 'Gerade ungünstig? Sie können Ihr Abonnement stattdessen {months} pausieren.',
  'payment_final_notice.pause_button': 'Stattdessen pausieren',
  'payment_recovered.subject': 'Zahlung erhalten: vielen Dank',
  'payment_recovered.heading': 'Ihre Zahlung ist eingegangen',
  'payment_recovered.body':
    'Wir haben Ihre Zahlung von {amount} für {plan} am {date} erhalten. Ihr Abonnement läuft weiter.',
  'card_expiring.subject': 'Ihre Karte für {merchant} läuft bald ab',
  'card_expiring.heading': 'Ihre Karte läuft ab',
  'card_expiring.body':
    'Die Karte mit der Endung {last4}, mit der Sie {plan} bezahlen, läuft vor Ihrer nächsten Verlängerung am {date} ab. Aktualisieren Sie sie jetzt, um eine Unterbrechung zu vermeiden.',
  'card_expiring.button': 'Zahlungsmethode aktualisieren',
  'prompt.headline': 'Ihre Zahlung ist fehlgeschlagen',
  'prompt.body':
    'Wir konnten {amount} für {plan} nicht einziehen. Aktualisieren Sie Ihre Karte, um Ihr Abonnement zu behalten.',
  'prompt.button': 'Karte aktualisieren',
  'prompt.dismiss': 'Später',
  'prompt.wall_headline': 'Ihre Zahlung ist fehlgeschlagen',
  'prompt.wall_body':
    'Um {merchant} weiter zu nutzen, aktualisieren Sie bitte Ihre Zahlungsmethode. Ihr Abonnement endet am {date}.',
  'prompt.pause': 'Stattdessen {months} pausieren',
  'page.title': 'Zahlungsmethode aktualisieren',
  'page.body':
    'Ihre Zahlung von {amount} für {plan} ist fehlgeschlagen. Aktualisieren Sie Ihre Karte bei Stripe, unserem Zahlungsanbieter.',
  'page.button': 'Zahlungsmethode aktualisieren',
  'page.pause_button': 'Abonnement stattdessen {months} pausieren',
  'page.paid': 'Ihre Zahlung ist auf dem neuesten Stand. Sie müssen nichts tun.',
  'page.paused': 'Ihr Abonnement ist für {months} pausiert. Bis dahin wird nichts abgebucht.',
  'page.expired':
    'Dieser Link ist abgelaufen. Öffnen Sie den Link aus unserer neuesten E-Mail oder melden Sie sich bei {merchant} an, um Ihre Karte zu aktualisieren.',
  'page.invalid': 'Dieser Link ist ungültig. Öffnen Sie den Link direkt aus der E-Mail, ohne ihn zu ändern.',
  'page.unavailable':
    'Die sichere Kartenaktualisierung lässt sich gerade nicht öffnen. Bitte versuchen Sie es in ein paar Minuten erneut oder wenden Sie sich an {merchant}.',
  'page.back': 'Zurück zu {merchant}',
  'common.expiry': 'Der Link in dieser E-Mail gilt {days} Tage und nur für Ihr Abonnement.',
}

export const RECOVERY_WORDS_ES: RecoveryWords = {
  'payment_failed.subject': 'Tu pago a {merchant} ha fallado',
  'payment_failed.heading': 'Pago fallido',
  'payment_failed.body':
    'No hemos podido cobrar tu pago de {amount} por {plan}. Actualiza tu método de pago para conservar tu suscripción.',
  'payment_failed.button': 'Actualizar método de pago',
  'payment_failed.active': 'Tu cuenta seguirá activa durante {days} días.',
  'payment_failed.support':
    '¿Tienes preguntas? Responde a este correo para contactar con el soporte de {merchant}.',
  'payment_reminder.subject': 'Recordatorio: tu pago a {merchant} sigue pendiente',
  'payment_reminder.heading': 'Tu pago sigue pendiente',
  'payment_reminder.body':
    'Tu pago de {amount} por {plan} aún no se ha completado. Actualizar tu tarjeta solo lleva un minuto.',
  'payment_reminder.button': 'Actualizar método de pago',
  'payment_final_notice.subject': 'Último aviso: tu suscripción a {merchant} termina el {date}',
  'payment_final_notice.heading': 'Tu suscripción está a punto de terminar',
  'payment_final_notice.body':
    'Seguimos sin poder cobrar {amount} por {plan}. Si no actualizas tu método de pago, tu suscripción termina el {date}.',
  'payment_final_notice.button': 'Actualizar método de pago',
  'payment_final_notice.pause': '¿No es buen momento? Puedes pausar tu suscripción durante {months}.',
  'payment_final_notice.pause_button': 'Pausar en su lugar',
  'payment_recovered.subject': 'Pago recibido: gracias',
  'payment_recovered.heading': 'Tu pago se ha completado',
  'payment_recovered.body':
    'Hemos recibido tu pago de {amount} por {plan} el {date}. Tu suscripción continúa.',
  'card_expiring.subject': 'Tu tarjeta para {merchant} caduca pronto',
  'card_expiring.heading': 'Tu tarjeta está a punto de caducar',
  'card_expiring.body':
    'La tarjeta terminada en {last4} con la que pagas {plan} caduca antes de tu próxima renovación, el {date}. Actualízala ahora para evitar una interrupción.',
  'card_expiring.button': 'Actualizar método de pago',
  'prompt.headline': 'Tu pago ha fallado',
  'prompt.body':
    'No hemos podido cobrar {amount} por {plan}. Actualiza tu tarjeta para conservar tu suscripción.',
  'prompt.button': 'Actualizar tarjeta',
  'prompt.dismiss': 'Ahora no',
  'prompt.wall_headline': 'Tu pago ha fallado',
  'prompt.wall_body':
    'Para seguir usando {merchant}, actualiza tu método de pago. Tu suscripción termina el {date}.',
  'prompt.pause': 'Pausar {months} en su lugar',
  'page.title': 'Actualiza tu método de pago',
  'page.body':
    'Tu pago de {amount} por {plan} ha fallado. Actualiza tu tarjeta con Stripe, nuestro proveedor de pagos.',
  'page.button': 'Actualizar método de pago',
  'page.pause_button': 'Pausar mi suscripción {months} en su lugar',
  'page.paid': 'Tu pago está al día. No tienes que hacer nada.',
  'page.paused': 'Tu suscripción está pausada durante {months}. No se cobrará nada hasta entonces.',
  'page.expired':
    'Este enlace ha caducado. Abre el enlace de nuestro último correo o inicia sesión en {merchant} para actualizar tu tarjeta.',
  'page.invalid': 'Este enlace no es válido. Ábrelo directamente desde el correo, sin modificarlo.',
  'page.unavailable':
    'No hemos podido abrir la actualización segura de la tarjeta. Inténtalo de nuevo en unos minutos o contacta con {merchant}.',
  'page.back': 'Volver a {merchant}',
  'common.expiry': 'El enlace de este correo es válido durante {days} días y solo para tu suscripción.',
}

/** Built-in words by language (the widget's languages). */
export const RECOVERY_WORDS = {
  en: RECOVERY_WORDS_EN,
  fr: RECOVERY_WORDS_FR,
  de: RECOVERY_WORDS_DE,
  es: RECOVERY_WORDS_ES,
} as const satisfies Record<string, RecoveryWords>
export type RecoveryLocale = keyof typeof RECOVERY_WORDS

/** The built-in language for a wish (`fr-CA` → fr), else English. */
export function recoveryLocale(wish: string | null | undefined): RecoveryLocale {
  const primary = (wish ?? '').toLowerCase().split('-')[0] ?? ''
  return Object.hasOwn(RECOVERY_WORDS, primary) ? (primary as RecoveryLocale) : 'en'
}

/**
 * The words for one language: the merchant's overrides for that language (Settings → texts), then
 * the built-in words. Never mixes languages within one key.
 */
export function recoveryWords(
  locale: RecoveryLocale,
  overrides: Readonly<Record<string, Partial<Record<RecoveryTextKey, string>>>> = {},
): RecoveryWords {
  return { ...RECOVERY_WORDS[locale], ...(overrides[locale] ?? {}) }
}

/** `{name}` placeholders filled; an unknown one is left as written (a merchant's typo shows). */
export function fillRecoveryText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{([a-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  )
}

/** A pause's length in words, in the reader's language ("1 month", "2 mois", "3 Monate"): `{months}`. */
export function monthsText(months: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months)
  } catch {
    return new Intl.NumberFormat('en', { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months)
  }
}
