import { RECOVERY_WORDS_FR, recoveryMailWords } from '../../recovery/words'
import type { MailWords } from './types'

/** French, with vouvoiement like the widget's catalogue. */
export const FR_MAIL: MailWords = {
  common: {
    link_hint: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    footer_retainkit: 'Envoyé par Retainkit.',
    footer_subscription: 'Vous recevez cet e-mail en raison de votre abonnement auprès de {merchant}.',
  },
  sign_in: {
    subject: 'Votre lien de connexion à Retainkit',
    heading: 'Connexion à Retainkit',
    intro: 'Connectez-vous à Retainkit avec ce lien :',
    button: 'Se connecter',
    expiry: 'Le lien ne fonctionne qu’une fois et expire dans {minutes} minutes.',
    ignore: 'Si vous n’avez pas demandé à vous connecter, vous pouvez ignorer cet e-mail.',
  },
  email_change: {
    subject: 'Confirmez votre nouvelle adresse e-mail Retainkit',
    heading: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Confirmez {email} comme adresse e-mail de votre compte Retainkit avec ce lien :',
    button: 'Confirmer cette adresse',
    expiry:
      'Le lien ne fonctionne qu’une fois et expire dans {minutes} minutes. Tant que vous ne l’ouvrez pas, votre compte garde son adresse actuelle.',
    ignore: 'Si vous n’avez rien demandé, vous pouvez ignorer cet e-mail.',
  },
  member_invitation: {
    subject: 'Vous êtes invité à rejoindre {account} sur Retainkit',
    heading: 'Rejoignez {account} sur Retainkit',
    body: 'Vous êtes invité à rejoindre {account} sur Retainkit en tant que {role}.',
    sign_in_with: 'Connectez-vous avec cette adresse ({email}) pour accepter.',
    button: 'Se connecter pour accepter',
    expiry: 'L’invitation expire dans {days} jours.',
    roles: { owner: 'propriétaire', admin: 'administrateur', editor: 'éditeur', viewer: 'lecteur' },
  },
  usage_notice: {
    subject_share: 'Retainkit : {account} a utilisé {threshold} % des sessions de résiliation du mois',
    subject_all: 'Retainkit : {account} a utilisé les {limit} sessions de résiliation du mois',
    heading_share: '{threshold} % des sessions de résiliation du mois utilisées',
    heading_all: 'Toutes les sessions de résiliation du mois sont utilisées',
    lead_starter:
      'Votre compte « {account} » a utilisé {sessions} des {limit} sessions de résiliation incluses dans l’offre {plan} en {month}.',
    lead_pro:
      'Votre compte « {account} » a utilisé {sessions} des {limit} sessions de résiliation incluses sans frais en {month}.',
    starter_near:
      'Au-delà de {limit}, le parcours de résiliation s’efface jusqu’au {reset} et les abonnés arrivent directement sur votre propre page de résiliation.',
    starter_full:
      'Jusqu’au {reset}, le parcours de résiliation s’efface et les abonnés qui résilient arrivent directement sur votre propre page de résiliation.',
    pro_beyond:
      'Au-delà de {limit} par mois, chaque session de résiliation coûte {price}, facturée avec votre abonnement {plan} (pas pendant un essai).',
    upgrade: 'Passez à {plan} : {included} sessions d’annulation incluses par mois, puis {price} chacune.',
    upgrade_no_limit: 'Passez à {plan} : aucune limite de sessions d’annulation.',
    button_upgrade: 'Passer à {plan}',
    button_plan: 'Votre offre et votre utilisation',
  },
  cancellation_receipt: {
    kind_cancellation: 'Résiliation',
    kind_ordinary: 'Résiliation ordinaire',
    kind_extraordinary: 'Résiliation extraordinaire (pour motif grave)',
    kind_withdrawal: 'Rétractation',
    end_unknown: 'à la fin de votre période de facturation en cours',
    contract: '{plan}, abonnement {id}',
    subject: 'Votre résiliation auprès de {merchant} (référence {reference})',
    withdrawal_subject: 'Votre rétractation de votre contrat avec {merchant} (référence {reference})',
    greeting: 'Bonjour,',
    intro: 'Nous avons bien reçu votre résiliation. Conservez cet e-mail comme confirmation.',
    withdrawal_intro:
      'Nous avons bien reçu votre rétractation. Conservez cet e-mail comme accusé de réception.',
    what: 'Contrat résilié : {contract}',
    effective: 'Prend effet le : {end}',
    received: 'Demande reçue le : {date} à {time}',
    reference: 'Référence : {reference}',
    kind: 'Type : {kind}',
    seal: 'Sceau de preuve : {seal}',
    keep: 'Si vous n’êtes pas à l’origine de cette demande, répondez à cet e-mail.',
    merchant_copy_intro: 'Une copie de la confirmation envoyée à votre abonné :',
  },
  payment_recovery: recoveryMailWords(RECOVERY_WORDS_FR),
  trial_ending: {
    subject: 'Retainkit : votre essai {plan} se termine dans {days} jours',
    subject_last: 'Retainkit : votre essai {plan} se termine demain',
    heading: 'Votre essai {plan} se termine le {date}',
    lead: 'L’essai {plan} de « {account} » se termine le {date}.',
    starter:
      'Le compte passe ensuite à {starter} : {sessions} sessions de résiliation par mois, le parcours et le style par défaut, sans offres de rétention ni bannière de réactivation. Vos réglages et votre historique sont conservés.',
    keep: 'Abonnez-vous à {plan} d’ici là et vous gardez chaque jour d’essai restant : le premier prélèvement, {price}, a lieu le {date}.',
    keep_now:
      'Vous abonner à {plan} maintenant le démarre aussitôt : le premier prélèvement, {price}, a lieu le jour de l’abonnement.',
    button: 'Choisir votre offre',
  },
}
