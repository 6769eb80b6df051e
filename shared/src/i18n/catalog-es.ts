import type { BuiltInCatalog } from './catalog-types'
import { ES_LEGAL } from './legal-es'

/** Spanish (tú, as most consumer subscription services write in Spain and Latin America). */
const DECLINE = 'No, gracias, cancelar'

export const ES: BuiltInCatalog = {
  copy: {
    general: {
      headline: 'Antes de que te vayas…',
      subheadline:
        '¿Nos cuentas por qué cancelas? Tu respuesta nos ayuda a mejorar y puede que tengamos una opción que te encaje mejor.',
      cta_primary: 'Continuar',
      cta_secondary: 'Mantener mi suscripción',
    },
    final: {
      headline: 'Tu cancelación está confirmada',
      subheadline:
        'Tu suscripción no se renovará y no se te volverá a cobrar. Mantienes el acceso completo hasta el {period_end}. Puedes volver a suscribirte cuando quieras. Guarda este mensaje como comprobante.',
    },
    user_feedback: {
      any_reason: {
        headline: '¿Qué podríamos haber hecho mejor?',
        subheadline: 'Una o dos frases nos ayudan a mejorar para todos los que se quedan.',
        placeholder: 'Qué te habría hecho quedarte (opcional)',
        cta_primary: 'Continuar',
        cta_secondary: 'Mantener mi suscripción',
      },
      switched_competitor: {
        headline: '¿A qué servicio te cambias?',
        subheadline: 'Saber qué hacen mejor nos dice en qué trabajar a continuación.',
        placeholder: 'El nombre del servicio y por qué lo elegiste (opcional)',
        cta_primary: 'Continuar',
        cta_secondary: 'Mantener mi suscripción',
      },
      bad_experience: {
        headline: 'Lamentamos que no haya funcionado',
        subheadline: 'Cuéntanos qué salió mal para que podamos solucionarlo.',
        placeholder: '¿Qué pasó? (opcional)',
        cta_primary: 'Continuar',
        cta_secondary: 'Mantener mi suscripción',
      },
      other: {
        headline: 'Cuéntanos un poco más',
        subheadline:
          '¿Cuál es el motivo principal por el que te vas? Tu respuesta nos ayuda a saber qué mejorar.',
        placeholder: 'Tu motivo (opcional)',
        cta_primary: 'Continuar',
        cta_secondary: 'Mantener mi suscripción',
      },
    },
    discount: {
      headline: '¿Qué te parece un {amount} de descuento?',
      subheadline:
        'Quédate y obtén un {amount} de descuento durante {duration}, a partir de tu próxima factura. Después se aplica tu precio habitual.',
      cta_primary: 'Aceptar el {amount} de descuento',
      cta_secondary: DECLINE,
    },
    pause: {
      headline: '¿Necesitas un descanso? Pausa tu suscripción',
      subheadline:
        'Pausa tu suscripción y no se te cobrará nada mientras esté en pausa. Se reanuda automáticamente al terminar.',
      dropdown_label: 'Pausar durante',
      cta_primary: 'Pausar mi suscripción',
      cta_secondary: DECLINE,
    },
    plan_switch: {
      headline: 'Cámbiate a un plan que te encaje mejor',
      subheadline: 'Conserva tu cuenta y pasa a un plan acorde con el uso que le das hoy.',
      dropdown_label: 'Elige un plan',
      cta_primary: 'Cambiar de plan',
      cta_secondary: DECLINE,
    },
    billing_cycle_switch: {
      headline: 'Cambia cada cuánto pagas',
      subheadline: 'Elige la frecuencia de facturación que mejor te venga en lugar de cancelar.',
      dropdown_label: 'Frecuencia de facturación',
      cta_primary: 'Cambiar la facturación',
      cta_secondary: DECLINE,
    },
    trial_extension: {
      headline: '¿Necesitas más tiempo para decidirte?',
      subheadline:
        'Sigue probándolo todo gratis durante {duration} más. No se te cobrará nada hasta que termine tu prueba.',
      cta_primary: 'Ampliar mi prueba',
      cta_secondary: DECLINE,
    },
    talk_to_us: {
      headline: '¿Podemos ayudarte antes de que te vayas?',
      subheadline:
        'Cuéntanos qué no funciona. Una persona real de nuestro equipo lee y responde cada mensaje.',
      cta_primary: 'Escríbenos',
      cta_secondary: DECLINE,
    },
    success: {
      discount: {
        headline: 'Tu descuento está activo',
        subheadline:
          'Tendrás un {amount} de descuento durante {duration}, a partir de tu próxima factura. ¡Gracias por quedarte!',
      },
      pause: {
        headline: 'Tu suscripción está en pausa',
        subheadline:
          'Queda en pausa durante {duration} y se reanudará automáticamente. No se te cobrará nada mientras tanto.',
      },
      plan_switch: {
        headline: 'Tu plan ha cambiado',
        subheadline: 'Tu nuevo plan: {plan_name}. ¡Gracias por quedarte con nosotros!',
      },
      billing_cycle_switch: {
        headline: 'Tu facturación ha cambiado',
        subheadline: 'Tu nuevo plan: {plan_name}. ¡Gracias por quedarte con nosotros!',
      },
      trial_extension: {
        headline: 'Tu prueba se ha ampliado',
        subheadline: 'Tienes {duration} más para probarlo todo. ¡Que lo disfrutes!',
      },
      talk_to_us: {
        headline: 'Gracias por escribirnos',
        subheadline: 'Te responderemos pronto. Mientras tanto, tu suscripción sigue igual.',
      },
    },
  },
  reactivation: {
    headline: '¡Bienvenido de nuevo!',
    subheadline: 'Nos alegra verte otra vez. Reactiva tu suscripción con un clic y sigue donde lo dejaste.',
    cta_primary: 'Reactivar',
    cta_secondary: 'Ahora no',
  },
  reasons: {
    too_expensive: 'Es demasiado caro',
    not_using_enough: 'No lo uso lo suficiente',
    switched_competitor: 'Encontré una alternativa',
    temporary_break: 'Necesito un descanso',
    missing_features: 'Le faltan funciones que necesito',
    technical_issues: 'Tuve problemas técnicos',
    other: 'Otro motivo',
  },
  ui: {
    next: 'Continuar',
    back: 'Atrás',
    accept: 'Aceptar la oferta',
    decline: 'No, gracias',
    cancel: 'Cancelar suscripción',
    stay: 'Mantener mi suscripción',
    close: 'Cerrar',
    retry: 'Reintentar',
    confirm_headline: 'Confirma tu cancelación',
    confirm_subheadline:
      'Tu suscripción seguirá activa hasta el {period_end} y después terminará. No se te volverá a cobrar.',
    confirm_cancel: 'Confirmar cancelación',
    plan_fallback: 'tu plan',
    period_end_fallback: 'final de tu periodo de facturación actual',
    one_month: '1 mes',
    months: '{n} meses',
    one_day: '1 día',
    days: '{n} días',
    step: 'Paso {n} de {total}',
    reason_required: 'Elige un motivo para continuar.',
    call_failed: 'Algo salió mal. Inténtalo de nuevo.',
    loading: 'Un momento…',
    hand_over: 'No pudimos cancelar aquí. Te llevamos a la página de cancelación habitual…',
    ends_on: 'Tu suscripción termina el {date}',
    continues: 'Tu suscripción continúa',
    confirm_charge: 'Confirmar: {charge}',
    discount_terms: '{amount} de descuento durante {duration}',
    promo_code: 'con el código {code}',
    save_confirmation: 'Guardar esta confirmación',
    reactivated: '¡Qué bien verte de nuevo! Tu suscripción vuelve a estar activa.',
    reactivated_discount:
      '¡Qué bien verte de nuevo! Tu suscripción vuelve a estar activa, con tu descuento del {n} %.',
    reactivation_kept: '¡Qué bien que te quedes! Tu suscripción sigue como hasta ahora.',
    already_applied: 'Esta oferta ya se aplicó a tu suscripción (en otra pestaña o ventana).',
    already_trial: 'Tu prueba ya se amplió hasta el {date}.',
    already_cancelled: 'Tu suscripción ya está cancelada.',
    error_token_expired: 'Tu sesión ha caducado. Vuelve a cargar la página e inténtalo de nuevo.',
    error_unauthorized: 'No hemos podido identificarte. Vuelve a cargar la página e inténtalo de nuevo.',
    error_not_found: 'Esta página ya no está actualizada. Vuelve a cargarla e inténtalo de nuevo.',
    error_constraint_violation:
      'Tu suscripción ha cambiado desde que abriste esta página. Vuelve a cargarla e inténtalo de nuevo.',
    error_business_rule_violation: 'Lo sentimos, esta oferta no está disponible en este momento.',
    error_rate_limit_exceeded: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
    error_external_service_error:
      'No hemos podido conectar con el sistema de facturación. No se ha cambiado nada; inténtalo de nuevo en un momento.',
    error_service_unavailable: 'Tenemos un problema temporal. Inténtalo de nuevo en un momento.',
  },
  legal: ES_LEGAL,
}
