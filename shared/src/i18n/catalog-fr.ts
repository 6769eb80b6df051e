import type { BuiltInCatalog } from './catalog-types'
import { FR_LEGAL } from './legal-fr'

/** French (vouvoiement, as French subscription services address their customers). */
const DECLINE = 'Non merci, résilier'

export const FR: BuiltInCatalog = {
  copy: {
    general: {
      headline: 'Avant de partir…',
      subheadline:
        'Pourriez-vous nous dire pourquoi vous résiliez ? Votre réponse nous aide à progresser, et nous avons peut-être une solution qui vous conviendra mieux.',
      cta_primary: 'Continuer',
      cta_secondary: 'Garder mon abonnement',
    },
    final: {
      headline: 'Votre résiliation est confirmée',
      subheadline:
        "Votre abonnement ne sera pas renouvelé et vous ne serez plus prélevé. Vous gardez un accès complet jusqu'au {period_end}. Vous pouvez vous réabonner à tout moment. Conservez ce message.",
    },
    user_feedback: {
      any_reason: {
        headline: "Qu'aurions-nous pu mieux faire ?",
        subheadline: 'Une phrase ou deux nous aident à nous améliorer pour tous nos clients.',
        placeholder: 'Ce qui vous aurait donné envie de rester (facultatif)',
        cta_primary: 'Continuer',
        cta_secondary: 'Garder mon abonnement',
      },
      switched_competitor: {
        headline: 'Vers quel service partez-vous ?',
        subheadline: 'Savoir ce qu’il fait mieux que nous nous montre où progresser.',
        placeholder: 'Le nom du service et ce qui vous a convaincu (facultatif)',
        cta_primary: 'Continuer',
        cta_secondary: 'Garder mon abonnement',
      },
      bad_experience: {
        headline: 'Nous sommes désolés que cela n’ait pas fonctionné',
        subheadline: 'Dites-nous ce qui s’est mal passé pour que nous puissions le corriger.',
        placeholder: 'Que s’est-il passé ? (facultatif)',
        cta_primary: 'Continuer',
        cta_secondary: 'Garder mon abonnement',
      },
      other: {
        headline: 'Dites-nous-en un peu plus',
        subheadline:
          'Quelle est la raison principale de votre départ ? Votre réponse nous aide à savoir quoi améliorer.',
        placeholder: 'Votre raison (facultatif)',
        cta_primary: 'Continuer',
        cta_secondary: 'Garder mon abonnement',
      },
    },
    discount: {
      headline: 'Et si nous vous offrions {amount} de réduction ?',
      subheadline:
        'Restez et profitez de {amount} de réduction pendant {duration}, dès votre prochaine facture. Ensuite, votre tarif habituel s’applique.',
      cta_primary: 'Profiter de {amount} de réduction',
      cta_secondary: DECLINE,
    },
    pause: {
      headline: 'Besoin d’une pause ? Suspendez plutôt',
      subheadline:
        'Suspendez votre abonnement : vous ne payez rien pendant la pause, et il reprend automatiquement à la fin.',
      dropdown_label: 'Suspendre pendant',
      cta_primary: 'Suspendre mon abonnement',
      cta_secondary: DECLINE,
    },
    plan_switch: {
      headline: 'Passez à une formule plus adaptée',
      subheadline: 'Gardez votre compte et choisissez la formule qui correspond à votre usage actuel.',
      dropdown_label: 'Choisir une formule',
      cta_primary: 'Changer de formule',
      cta_secondary: DECLINE,
    },
    billing_cycle_switch: {
      headline: 'Changez de rythme de paiement',
      subheadline: 'Choisissez la fréquence de facturation qui vous convient le mieux au lieu de résilier.',
      dropdown_label: 'Fréquence de facturation',
      cta_primary: 'Changer de facturation',
      cta_secondary: DECLINE,
    },
    trial_extension: {
      headline: 'Besoin de plus de temps pour vous décider ?',
      subheadline:
        'Continuez à tout essayer gratuitement pendant encore {duration}. Vous ne serez pas débité avant la fin de votre essai.',
      cta_primary: 'Prolonger mon essai',
      cta_secondary: DECLINE,
    },
    talk_to_us: {
      headline: 'Pouvons-nous vous aider avant votre départ ?',
      subheadline:
        'Dites-nous ce qui ne va pas. Une vraie personne de notre équipe lit chaque message et y répond.',
      cta_primary: 'Nous écrire',
      cta_secondary: DECLINE,
    },
    success: {
      discount: {
        headline: 'Votre réduction est activée',
        subheadline:
          'Vous profitez de {amount} de réduction pendant {duration}, dès votre prochaine facture. Merci de rester avec nous !',
      },
      pause: {
        headline: 'Votre abonnement est suspendu',
        subheadline:
          'Il est suspendu pendant {duration} et reprendra automatiquement ensuite. Vous ne payez rien pendant la pause.',
      },
      plan_switch: {
        headline: 'Votre formule a changé',
        subheadline: 'Votre nouvelle formule : {plan_name}. Merci de rester avec nous !',
      },
      billing_cycle_switch: {
        headline: 'Votre facturation a changé',
        subheadline: 'Votre nouvelle formule : {plan_name}. Merci de rester avec nous !',
      },
      trial_extension: {
        headline: 'Votre essai est prolongé',
        subheadline: 'Vous avez encore {duration} pour tout essayer. Profitez-en !',
      },
      talk_to_us: {
        headline: 'Merci de nous avoir écrit',
        subheadline: "Nous vous répondrons très vite. D'ici là, votre abonnement reste inchangé.",
      },
    },
  },
  reactivation: {
    headline: 'Bon retour parmi nous !',
    subheadline:
      'Ravis de vous revoir. Réactivez votre abonnement en un clic et reprenez là où vous en étiez.',
    cta_primary: 'Réactiver',
    cta_secondary: 'Plus tard',
  },
  reasons: {
    too_expensive: 'C’est trop cher',
    not_using_enough: 'Je ne l’utilise pas assez',
    switched_competitor: 'J’ai trouvé une autre solution',
    temporary_break: 'J’ai besoin d’une pause',
    missing_features: 'Il manque des fonctionnalités dont j’ai besoin',
    technical_issues: 'J’ai rencontré des problèmes techniques',
    other: 'Autre chose',
  },
  ui: {
    next: 'Continuer',
    back: 'Retour',
    accept: 'Accepter l’offre',
    decline: 'Non merci',
    cancel: 'Résilier l’abonnement',
    stay: 'Garder mon abonnement',
    close: 'Fermer',
    retry: 'Réessayer',
    confirm_headline: 'Confirmez votre résiliation',
    confirm_subheadline:
      'Votre abonnement reste actif jusqu’au {period_end}, puis prend fin. Vous ne serez plus prélevé.',
    confirm_cancel: 'Confirmer la résiliation',
    plan_fallback: 'votre formule',
    period_end_fallback: 'terme de votre période de facturation en cours',
    one_month: '1 mois',
    months: '{n} mois',
    one_day: '1 jour',
    days: '{n} jours',
    step: 'Étape {n} sur {total}',
    reason_required: 'Veuillez choisir une raison pour continuer.',
    call_failed: 'Une erreur est survenue. Veuillez réessayer.',
    loading: 'Un instant…',
    hand_over:
      'La résiliation n’a pas pu aboutir ici. Nous vous redirigeons vers la page de résiliation habituelle…',
    ends_on: 'Votre abonnement prend fin le {date}',
    continues: 'Votre abonnement continue',
    confirm_charge: 'Confirmer : {charge}',
    discount_terms: '{amount} de réduction pendant {duration}',
    promo_code: 'avec le code {code}',
    save_confirmation: 'Enregistrer cette confirmation',
    reactivated: 'Bon retour parmi nous ! Votre abonnement est de nouveau actif.',
    reactivated_discount:
      'Bon retour parmi nous ! Votre abonnement est de nouveau actif, avec votre réduction de {n} %.',
    reactivation_kept: 'Bon retour parmi nous ! Votre abonnement continue comme avant.',
    already_applied:
      'Cette offre a déjà été appliquée à votre abonnement (dans un autre onglet ou une autre fenêtre).',
    already_trial: 'Votre essai a déjà été prolongé jusqu’au {date}.',
    already_cancelled: 'Votre abonnement est déjà résilié.',
    error_token_expired: 'Votre session a expiré. Veuillez recharger la page et réessayer.',
    error_unauthorized: 'Nous n’avons pas pu vous identifier. Veuillez recharger la page et réessayer.',
    error_not_found: 'Cette page n’est plus à jour. Veuillez la recharger et réessayer.',
    error_constraint_violation:
      'Votre abonnement a changé depuis l’ouverture de cette page. Veuillez la recharger et réessayer.',
    error_business_rule_violation: 'Désolés, cette offre n’est pas disponible pour le moment.',
    error_rate_limit_exceeded: 'Trop de tentatives. Veuillez patienter un instant avant de réessayer.',
    error_external_service_error:
      'Impossible de joindre notre service de facturation. Rien n’a été modifié : veuillez réessayer dans un instant.',
    error_service_unavailable: 'Nous rencontrons un problème passager. Veuillez réessayer dans un instant.',
  },
  legal: FR_LEGAL,
}
