import { DEFAULT_RECOVERY_SETTINGS, RECOVERY_WORDS } from '@retainkit/shared/recovery'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { toastStore } from '../../../lib/toast-store'
import { FakeBackend, json } from '../../../test-support/fake-backend'
import { registerConsoleCleanup } from '../../../test-support/render-console'
import { renderSection } from '../settings-test-support'
import { PaymentRecoverySettings } from './payment-recovery-settings'

registerConsoleCleanup()

const GET = 'GET /api/recovery/acme'
const PUT = 'PUT /api/recovery/acme'
const PREVIEW = 'POST /api/recovery/acme/preview'

function view(
  availability: Partial<Record<'early_access' | 'pro' | 'active' | 'stripe_connected', boolean>> = {},
) {
  return {
    availability: { early_access: true, pro: true, active: false, stripe_connected: true, ...availability },
    settings: DEFAULT_RECOVERY_SETTINGS,
    open: { count: 0, mrr: [] },
  }
}

async function open(backend: FakeBackend, role: 'owner' | 'viewer' = 'owner') {
  renderSection(<PaymentRecoverySettings accountId="acme" />, { backend, role })
}

describe('Settings → Payment recovery', () => {
  it('explains the waitlist to an account without early access and shows no controls', async () => {
    await open(new FakeBackend().on(GET, { body: { data: view({ early_access: false, pro: false }) } }))
    const link = await screen.findByRole('link', { name: 'Join the waitlist on the payment recovery page' })
    expect(link.getAttribute('href')).toBe('/products/payment-recovery/')
    expect(screen.queryByText('Early access')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Save payment recovery' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })

  it("shows the default schedule, refuses an out-of-order one with the shared schema's message, then saves every choice", async () => {
    const backend = new FakeBackend().on(GET, { body: { data: view() } }).on(PUT, (request) => ({
      body: {
        data: {
          ...view({ active: true }),
          settings: request.body,
          open: { count: 2, mrr: [{ amount: 5800, currency: 'usd' }] },
        },
      },
    }))
    const user = userEvent.setup()
    await open(backend)
    expect(await screen.findByText('Early access')).toBeTruthy()
    const first = screen.getByLabelText<HTMLInputElement>('Retry 1 after')
    expect(first.value).toBe('24')
    expect(screen.getByLabelText<HTMLSelectElement>('Retry 1 unit').value).toBe('hours')
    expect(screen.getByLabelText<HTMLInputElement>('Retry 2 after').value).toBe('3')
    expect(screen.getByLabelText<HTMLSelectElement>('Retry 2 unit').value).toBe('days')
    expect(screen.getByLabelText<HTMLInputElement>('Retry 3 after').value).toBe('7')
    expect(screen.getByLabelText<HTMLInputElement>('Grace after the last retry').value).toBe('7')

    // Retry 2 at 3 hours comes before retry 1 at 24 hours.
    await user.selectOptions(screen.getByLabelText('Retry 2 unit'), 'hours')
    await user.click(screen.getByRole('button', { name: 'Save payment recovery' }))
    const summary = await screen.findByRole('alert')
    expect(
      within(summary).getByText('Retry schedule: Each retry must come after the one before'),
    ).toBeTruthy()
    expect(screen.getByText('Each retry must come after the one before', { selector: 'p' })).toBeTruthy()
    await user.clear(screen.getByLabelText('Grace after the last retry'))
    await user.type(screen.getByLabelText('Grace after the last retry'), '31')
    expect(await screen.findByText('At most 30 days')).toBeTruthy()
    expect(backend.requestsTo(PUT)).toHaveLength(0)

    await user.selectOptions(screen.getByLabelText('Retry 2 unit'), 'days')
    await user.clear(screen.getByLabelText('Grace after the last retry'))
    await user.type(screen.getByLabelText('Grace after the last retry'), '5')
    await user.click(screen.getByRole('button', { name: 'Remove retry 3' }))
    await user.click(screen.getByRole('button', { name: 'Add a retry' }))
    await user.clear(screen.getByLabelText('Retry 3 after'))
    await user.type(screen.getByLabelText('Retry 3 after'), '10')
    await user.click(screen.getByLabelText('Work failed payments (payment recovery on)'))
    await user.click(screen.getByLabelText('Retainkit schedules retries'))
    await user.click(screen.getByLabelText('Reminder'))
    await user.click(screen.getByLabelText('Blocking wall'))
    await user.click(screen.getByLabelText('Offer a pause before the subscription ends'))
    await user.selectOptions(screen.getByLabelText('Pause length'), '2')
    await user.selectOptions(screen.getByLabelText('Language'), 'fr')
    await user.type(screen.getByLabelText('Subject (French)'), 'Paiement refusé chez {{merchant}')
    await user.click(screen.getByRole('button', { name: 'Save payment recovery' }))

    await waitFor(() => expect(backend.requestsTo(PUT)).toHaveLength(1))
    expect(backend.requestsTo(PUT)[0]?.body).toEqual({
      ...DEFAULT_RECOVERY_SETTINGS,
      enabled: true,
      retry_mode: 'retainkit',
      schedule_hours: [24, 72, 240],
      grace_days: 5,
      mails: { ...DEFAULT_RECOVERY_SETTINGS.mails, payment_reminder: false },
      prompt: 'wall',
      last_chance_pause: { enabled: true, months: 2 },
      texts: { fr: { 'payment_failed.subject': 'Paiement refusé chez {merchant}' } },
    })
    await waitFor(() => expect(toastStore.getState().toasts[0]?.title).toBe('Payment recovery saved'))
    expect(
      await screen.findByText(
        'On: failed payments are being worked. Open live campaigns: 2, $58.00 MRR at risk.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('renders the chosen e-mail in the chosen language through the preview route, with the texts as typed', async () => {
    const backend = new FakeBackend().on(GET, { body: { data: view() } }).on(PREVIEW, (request) => ({
      body: {
        data: {
          subject: 'Zahlung fehlgeschlagen',
          html: '<p>Bitte aktualisieren</p>',
          text: 'Bitte aktualisieren\nhttps://example.test/update-payment/preview',
          locale: (request.body as { locale: string }).locale,
        },
      },
    }))
    const user = userEvent.setup()
    await open(backend)
    await user.selectOptions(await screen.findByLabelText('Language'), 'de')
    await user.selectOptions(screen.getByLabelText('E-mail'), 'payment_final_notice')
    expect(screen.getByLabelText<HTMLInputElement>('Pause offer (German)').placeholder).toBe(
      RECOVERY_WORDS.de['payment_final_notice.pause'],
    )
    await user.type(screen.getByLabelText('Heading (German)'), 'Letzte Erinnerung')
    await user.click(screen.getByRole('button', { name: 'Preview the final notice e-mail' }))
    const frame = await screen.findByTitle<HTMLIFrameElement>('Preview: Final notice e-mail in German')
    expect(frame.getAttribute('srcdoc')).toBe('<p>Bitte aktualisieren</p>')
    expect(frame.getAttribute('sandbox')).toBe('')
    expect(screen.getByText('Zahlung fehlgeschlagen')).toBeTruthy()
    expect(backend.requestsTo(PREVIEW)[0]?.body).toEqual({
      kind: 'payment_final_notice',
      locale: 'de',
      texts: { 'payment_final_notice.heading': 'Letzte Erinnerung' },
    })
  })

  it('lets an early-access account on the free plan prepare the settings but not switch them on', async () => {
    await open(new FakeBackend().on(GET, { body: { data: view({ pro: false }) } }))
    expect(await screen.findByText(/Payment recovery is part of the Pro plan/)).toBeTruthy()
    const enabled = screen.getByLabelText<HTMLInputElement>('Work failed payments (payment recovery on)')
    expect(enabled.disabled).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('Reminder').disabled).toBe(false)
    expect(screen.getByRole('button', { name: 'Save payment recovery' })).toBeTruthy()
  })

  it("shows the server's refusal beside the form when it names no field", async () => {
    const backend = new FakeBackend()
      .on(GET, { body: { data: view() } })
      .on(
        PUT,
        json(
          { error: { code: 'BUSINESS_RULE_VIOLATION', message: 'Payment recovery is in early access.' } },
          403,
        ),
      )
    const user = userEvent.setup()
    await open(backend)
    await user.click(await screen.findByRole('button', { name: 'Save payment recovery' }))
    expect(await screen.findByText('Payment recovery is in early access.')).toBeTruthy()
  })

  it('is read only for a viewer, who can still preview the e-mails', async () => {
    const backend = new FakeBackend().on(GET, { body: { data: view() } }).on(PREVIEW, {
      body: { data: { subject: 'Your payment failed', html: '<p>x</p>', text: 'x', locale: 'en' } },
    })
    const user = userEvent.setup()
    await open(backend, 'viewer')
    expect(await screen.findByText(/^Read only:/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Save payment recovery' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add a retry' })).toBeNull()
    expect(screen.getByLabelText<HTMLInputElement>('Retry 1 after').disabled).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('Blocking wall').disabled).toBe(true)
    expect(screen.getByLabelText<HTMLInputElement>('Subject (English)').disabled).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Preview the payment failed e-mail' }))
    expect(await screen.findByTitle('Preview: Payment failed e-mail in English')).toBeTruthy()
  })
})
