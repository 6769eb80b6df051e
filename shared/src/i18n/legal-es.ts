import type { LegalStrings } from './legal-types'

/** Spanish legal words (tú, as the built-in Spanish copy; Article 11a's "confirmar el desistimiento"). */
export const ES_LEGAL: LegalStrings = {
  terms: {
    regular: '{plan}: {price}.',
    discounted: '{plan}: {percent} de descuento, {money} para {charges}, después {price}.',
    first_charge: 'Primer cobro: {charge}.',
    next_charge: 'Próximo cobro: {charge}.',
    renews: 'Se renueva automáticamente {each} hasta que canceles.',
    price: '{money} {per}',
    charge_today: '{money} hoy',
    charge_on: '{money} el {date}',
    per_day: 'al día',
    per_week: 'a la semana',
    per_month: 'al mes',
    per_year: 'al año',
    per_days: 'cada {n} días',
    per_weeks: 'cada {n} semanas',
    per_months: 'cada {n} meses',
    per_years: 'cada {n} años',
    each_day: 'cada día',
    each_week: 'cada semana',
    each_month: 'cada mes',
    each_year: 'cada año',
    each_days: 'cada {n} días',
    each_weeks: 'cada {n} semanas',
    each_months: 'cada {n} meses',
    each_years: 'cada {n} años',
    charges_one: 'el primer cobro',
    charges_many: 'los primeros {n} cobros',
  },
  statutory: {
    termination_headline: 'Cancelar tu contrato',
    termination_intro:
      'Indica los datos siguientes y confirma con el botón del final. Te enviamos enseguida la confirmación de la cancelación a tu dirección de correo.',
    withdrawal_headline: 'Desistir de tu contrato',
    withdrawal_intro:
      'Puedes desistir de este contrato hasta el {date}. Indica los datos siguientes y confirma el desistimiento. Te enviamos enseguida el acuse de recibo a tu dirección de correo.',
    kind_legend: 'Tipo de cancelación',
    kind_ordinary: 'Cancelación ordinaria',
    kind_extraordinary: 'Cancelación extraordinaria (por causa justificada)',
    kind_withdrawal: 'Desistimiento (posible hasta el {date})',
    reason_label: 'Motivo de la cancelación extraordinaria',
    name_label: 'Tu nombre completo',
    contract_label: 'Contrato',
    time_legend: '¿Cuándo debe terminar el contrato?',
    time_earliest: 'En la fecha más próxima posible ({date})',
    time_date: 'En esta fecha',
    email_label: 'Correo electrónico para la confirmación',
    submit_termination: 'Cancelar ahora',
    submit_withdrawal: 'Confirmar el desistimiento',
    required: 'Rellena este campo.',
    invalid_email: 'Escribe un correo electrónico válido.',
    invalid_date: 'Elige hoy o una fecha posterior.',
    received_headline: 'Hemos recibido tu cancelación',
    received_withdrawal_headline: 'Hemos recibido tu desistimiento',
    received_text:
      'Recibida el {date} a las {time} (referencia {reference}). Tu contrato termina el {end}. Hemos enviado la confirmación a {email}.',
    received_withdrawal_text:
      'Recibido el {date} a las {time} (referencia {reference}). Tu contrato ha terminado. Hemos enviado el acuse de recibo a {email}.',
    extraordinary_note:
      'Revisaremos el motivo que indicaste. Si hace terminar el contrato antes, te lo diremos por correo.',
    contract_name: '{plan} (contrato {id})',
  },
  after_cancel: {
    question: 'Tu cancelación está hecha. ¿Quieres escuchar una oferta para quedarte?',
    yes: 'Sí, cuéntame',
    no: 'No, gracias',
    thanks_yes:
      'Gracias. Te enviaremos una oferta por correo. Tu cancelación sigue en pie salvo que la aceptes.',
    thanks_no: 'Entendido. Tu cancelación sigue en pie.',
  },
}
