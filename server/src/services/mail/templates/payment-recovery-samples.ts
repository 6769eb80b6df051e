import type { MailParams } from '.'

/** Sample parameters of payment recovery's mails, for the template suites (not a test file itself). */
const LINK = 'http://localhost:8787/update-payment/eyJwIjoiY2FyZC11cGRhdGUifQ.c2lnbmF0dXJl'
const invoice = {
  amount: { amount: 4900, currency: 'eur' },
  plan: 'Pro',
  link: LINK,
  ends_at: '2027-02-05T10:00:00.000Z',
  days: 7,
  link_days: 21,
  time_zone: 'Europe/Paris',
  texts: {},
}

export const RECOVERY_SAMPLES: {
  payment_failed: MailParams<'payment_failed'>
  payment_reminder: MailParams<'payment_reminder'>
  payment_final_notice: MailParams<'payment_final_notice'>
  payment_recovered: MailParams<'payment_recovered'>
  card_expiring: MailParams<'card_expiring'>
} = {
  payment_failed: invoice,
  payment_reminder: invoice,
  payment_final_notice: { ...invoice, pause: { link: `${LINK}?offer=pause`, months: 2 } },
  payment_recovered: {
    amount: invoice.amount,
    plan: 'Pro',
    paid_at: '2027-01-25T10:00:00.000Z',
    time_zone: null,
    texts: {},
  },
  card_expiring: {
    plan: 'Pro',
    last4: '4242',
    renews_at: '2027-03-15T10:00:00.000Z',
    link: LINK,
    link_days: 30,
    time_zone: null,
    texts: {},
  },
}
