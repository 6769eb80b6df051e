import type { LegalStrings } from './legal-types'

/** French legal words (vous; the French text of Article 11a reads "confirmer la rétractation"). */
export const FR_LEGAL: LegalStrings = {
  terms: {
    regular: '{plan} : {price}.',
    discounted: '{plan} : {percent} de réduction, {money} pour {charges}, puis {price}.',
    first_charge: 'Premier prélèvement : {charge}.',
    next_charge: 'Prochain prélèvement : {charge}.',
    renews: 'Renouvellement automatique {each}, jusqu’à ce que vous résiliiez.',
    price: '{money} {per}',
    charge_today: '{money} aujourd’hui',
    charge_on: '{money} le {date}',
    per_day: 'par jour',
    per_week: 'par semaine',
    per_month: 'par mois',
    per_year: 'par an',
    per_days: 'tous les {n} jours',
    per_weeks: 'toutes les {n} semaines',
    per_months: 'tous les {n} mois',
    per_years: 'tous les {n} ans',
    each_day: 'chaque jour',
    each_week: 'chaque semaine',
    each_month: 'chaque mois',
    each_year: 'chaque année',
    each_days: 'tous les {n} jours',
    each_weeks: 'toutes les {n} semaines',
    each_months: 'tous les {n} mois',
    each_years: 'tous les {n} ans',
    charges_one: 'le premier prélèvement',
    charges_many: 'les {n} premiers prélèvements',
  },
  statutory: {
    termination_headline: 'Résilier votre contrat',
    termination_intro:
      'Veuillez indiquer les informations ci-dessous et confirmer avec le bouton en bas. Nous envoyons aussitôt la confirmation de votre résiliation à votre adresse e-mail.',
    withdrawal_headline: 'Vous rétracter de votre contrat',
    withdrawal_intro:
      'Vous pouvez vous rétracter de ce contrat jusqu’au {date}. Veuillez indiquer les informations ci-dessous et confirmer votre rétractation. Nous envoyons aussitôt l’accusé de réception à votre adresse e-mail.',
    kind_legend: 'Type de résiliation',
    kind_ordinary: 'Résiliation ordinaire',
    kind_extraordinary: 'Résiliation extraordinaire (pour motif grave)',
    kind_withdrawal: 'Rétractation (possible jusqu’au {date})',
    reason_label: 'Motif de la résiliation extraordinaire',
    name_label: 'Vos nom et prénom',
    contract_label: 'Contrat',
    time_legend: 'À quelle date le contrat doit-il prendre fin ?',
    time_earliest: 'À la date la plus proche possible ({date})',
    time_date: 'À cette date',
    email_label: 'Adresse e-mail pour la confirmation',
    submit_termination: 'Résilier maintenant',
    submit_withdrawal: 'Confirmer la rétractation',
    required: 'Veuillez remplir ce champ.',
    invalid_email: 'Veuillez saisir une adresse e-mail valide.',
    invalid_date: 'Veuillez choisir aujourd’hui ou une date ultérieure.',
    received_headline: 'Votre résiliation a bien été reçue',
    received_withdrawal_headline: 'Votre rétractation a bien été reçue',
    received_text:
      'Reçue le {date} à {time} (référence {reference}). Votre contrat prend fin le {end}. Nous avons envoyé la confirmation à {email}.',
    received_withdrawal_text:
      'Reçue le {date} à {time} (référence {reference}). Votre contrat a pris fin. Nous avons envoyé l’accusé de réception à {email}.',
    extraordinary_note:
      'Nous examinerons le motif indiqué. S’il met fin au contrat plus tôt, nous vous le dirons par e-mail.',
    contract_name: '{plan} (contrat {id})',
  },
  after_cancel: {
    question: 'Votre résiliation est faite. Souhaitez-vous entendre une offre pour rester ?',
    yes: 'Oui, volontiers',
    no: 'Non, merci',
    thanks_yes:
      'Merci. Nous vous enverrons une offre par e-mail. Votre résiliation reste valable tant que vous ne l’acceptez pas.',
    thanks_no: 'C’est noté. Votre résiliation reste valable.',
  },
}
