import { RECOVERY_WORDS_ES, recoveryMailWords } from '../../recovery/words'
import type { MailWords } from './types'

/** Spanish, with "usted" like the widget's catalogue. */
export const ES_MAIL: MailWords = {
  common: {
    link_hint: 'Si el botón no funciona, copie esta dirección en su navegador:',
    footer_retainkit: 'Enviado por Retainkit.',
    footer_subscription: 'Recibe este correo por su suscripción con {merchant}.',
  },
  sign_in: {
    subject: 'Su enlace para iniciar sesión en Retainkit',
    heading: 'Iniciar sesión en Retainkit',
    intro: 'Inicie sesión en Retainkit con este enlace:',
    button: 'Iniciar sesión',
    expiry: 'El enlace funciona una sola vez y caduca en {minutes} minutos.',
    ignore: 'Si no ha solicitado iniciar sesión, puede ignorar este correo.',
  },
  email_change: {
    subject: 'Confirme su nueva dirección de correo de Retainkit',
    heading: 'Confirme su nueva dirección de correo',
    intro: 'Confirme {email} como dirección de correo de su cuenta de Retainkit con este enlace:',
    button: 'Confirmar esta dirección',
    expiry:
      'El enlace funciona una sola vez y caduca en {minutes} minutos. Hasta que lo abra, su cuenta conserva su dirección actual.',
    ignore: 'Si no lo ha solicitado, puede ignorar este correo.',
  },
  member_invitation: {
    subject: 'Le han invitado a {account} en Retainkit',
    heading: 'Únase a {account} en Retainkit',
    body: 'Le han invitado a unirse a {account} en Retainkit como {role}.',
    sign_in_with: 'Inicie sesión con esta dirección ({email}) para aceptar.',
    button: 'Iniciar sesión y aceptar',
    expiry: 'La invitación caduca en {days} días.',
    roles: { owner: 'propietario', admin: 'administrador', editor: 'editor', viewer: 'lector' },
  },
  usage_notice: {
    subject_share: 'Retainkit: {account} ha usado el {threshold} % de las sesiones de cancelación del mes',
    subject_all: 'Retainkit: {account} ha usado las {limit} sesiones de cancelación del mes',
    heading_share: '{threshold} % de las sesiones de cancelación del mes usadas',
    heading_all: 'Todas las sesiones de cancelación del mes usadas',
    lead_starter:
      'Su cuenta «{account}» ha usado {sessions} de las {limit} sesiones de cancelación que incluye el plan {plan} en {month}.',
    lead_pro:
      'Su cuenta «{account}» ha usado {sessions} de las {limit} sesiones de cancelación incluidas sin coste adicional en {month}.',
    starter_near:
      'A partir de {limit}, el flujo de cancelación se aparta hasta el {reset} y los suscriptores van directamente a su propia página de cancelación.',
    starter_full:
      'Hasta el {reset}, el flujo de cancelación se aparta y los suscriptores que cancelan van directamente a su propia página de cancelación.',
    pro_beyond:
      'Más allá de {limit} al mes, cada sesión de cancelación cuesta {price}, facturada con su suscripción {plan} (no durante una prueba).',
    upgrade: 'Pase a {plan}: {included} sesiones de cancelación al mes incluidas, después {price} cada una.',
    upgrade_no_limit: 'Pase a {plan}: sin límite de sesiones de cancelación.',
    button_upgrade: 'Pasar a {plan}',
    button_plan: 'Su plan y su uso',
  },
  cancellation_receipt: {
    kind_cancellation: 'Cancelación',
    kind_ordinary: 'Cancelación ordinaria',
    kind_extraordinary: 'Cancelación extraordinaria (por causa justificada)',
    kind_withdrawal: 'Desistimiento',
    end_unknown: 'al final de tu periodo de facturación actual',
    contract: '{plan}, suscripción {id}',
    subject: 'Tu cancelación con {merchant} (referencia {reference})',
    withdrawal_subject: 'Tu desistimiento del contrato con {merchant} (referencia {reference})',
    greeting: 'Hola:',
    intro: 'Hemos recibido tu cancelación. Guarda este correo como confirmación.',
    withdrawal_intro: 'Hemos recibido tu desistimiento. Guarda este correo como acuse de recibo.',
    what: 'Contrato cancelado: {contract}',
    effective: 'Surte efecto: {end}',
    received: 'Solicitud recibida: {date} a las {time}',
    reference: 'Referencia: {reference}',
    kind: 'Tipo: {kind}',
    seal: 'Sello de prueba: {seal}',
    keep: 'Si no lo has pedido tú, responde a este correo.',
    merchant_copy_intro: 'Una copia de la confirmación enviada a tu suscriptor:',
  },
  payment_recovery: recoveryMailWords(RECOVERY_WORDS_ES),
  trial_ending: {
    subject: 'Retainkit: su prueba de {plan} termina en {days} días',
    subject_last: 'Retainkit: su prueba de {plan} termina mañana',
    heading: 'Su prueba de {plan} termina el {date}',
    lead: 'La prueba de {plan} de «{account}» termina el {date}.',
    starter:
      'Después, la cuenta pasa a {starter}: {sessions} sesiones de cancelación al mes, el flujo y el estilo predeterminados, sin ofertas de retención ni banner de reactivación. Su configuración y su historial se conservan.',
    keep: 'Suscríbase a {plan} antes y conserve cada día de prueba que le queda: el primer cargo, {price}, será el {date}.',
    keep_now:
      'Si se suscribe a {plan} ahora, empieza de inmediato: el primer cargo, {price}, será el día de la suscripción.',
    button: 'Elegir su plan',
  },
}
