import { DEFAULT_RECOVERY_SETTINGS } from '@retainkit/shared/recovery'
import type { ReactivationResponse } from '@retainkit/shared/widget-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../../test/support/harness'
import { saveRecoverySettings } from '../../services/recovery/settings'
import {
  failingSubscriber,
  moveTo,
  type RecoveryMerchant,
  recoveryMerchant,
  type Subscriber,
} from '../../services/recovery/testing'
import { createSecret, mintToken, reactivationBanner } from './testing'

/** The widget's payment prompt: what the reactivation call answers a past-due subscriber. */

let t: TestContext
let merchant: RecoveryMerchant
let late: Subscriber
let secret: string
beforeAll(async () => {
  t = await createTestContext()
  merchant = await recoveryMerchant(t)
  secret = await createSecret(t, merchant.accountId, merchant.token, 'test')
  late = await failingSubscriber(t, merchant, {
    declineCode: 'insufficient_funds',
    email: 'late@example.com',
  })
  await moveTo(t, late.renewal + 3600)
})
afterAll(() => t.close())

const token = (customerId: string, extra: Record<string, unknown> = {}) =>
  mintToken(t, secret, { iss: merchant.accountId, sub: customerId, mode: 'test', ...extra })

const settings = (patch: object) =>
  saveRecoverySettings(
    t.database.db,
    merchant.accountId,
    { ...DEFAULT_RECOVERY_SETTINGS, enabled: true, ...patch },
    null,
    t.clock.now(),
  )

describe('the payment prompt', () => {
  it("answers a past-due subscriber's token with the prompt: its chunk, a signed link, words in their language", async () => {
    const answer = await reactivationBanner(t, await token(late.customerId, { locale: 'es' }))
    expect(answer).toMatchObject({
      eligible: false,
      prompt: {
        mode: 'banner',
        locale: 'es',
        dir: 'ltr',
        amount: '49,00\u00a0€',
        pauseLink: null,
        words: {
          headline: 'Tu pago ha fallado',
          body: 'No hemos podido cobrar 49,00\u00a0€ por Pro. Actualiza tu tarjeta para conservar tu suscripción.',
          button: 'Actualizar tarjeta',
          dismiss: 'Ahora no',
          pause: null,
        },
      },
    })
    const prompt = (answer as Extract<ReactivationResponse, { eligible: false }>).prompt
    expect(prompt?.chunk).toMatch(/^http:\/\/localhost:8787\/w\/payment-prompt\.[0-9a-f]+\.js$/)
    // The link is the card-update page for this subscriber, remembered as the prompt's when used.
    const page = await t.request(new URL(prompt?.link ?? '').pathname, { apiKey: null })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<html lang="es"')
  })

  it('the wall when the merchant opts in, with the last-chance pause when offered', async () => {
    await settings({ prompt: 'wall', last_chance_pause: { enabled: true, months: 2 } })
    const answer = (await reactivationBanner(t, await token(late.customerId))) as {
      prompt?: { mode: string; pauseLink: string | null; words: { pause: string | null; body: string } }
    }
    expect(answer.prompt?.mode).toBe('wall')
    expect(answer.prompt?.pauseLink).not.toBeNull()
    expect(answer.prompt?.words.pause).toBe('Pause for 2 months instead')
    // While Stripe still retries, the end is not known yet: the wall says what failed.
    expect(answer.prompt?.words.body).toBe(
      'We could not collect €49.00 for Pro. Update your card to keep your subscription.',
    )
    await moveTo(t, late.renewal + 7 * 86_400 + 3600)
    const ending = (await reactivationBanner(t, await token(late.customerId))) as {
      prompt?: { words: { body: string } }
    }
    expect(ending.prompt?.words.body).toMatch(
      /^To keep using Acme Cloud, please update your payment method\. Your subscription ends on \w+ \d+, \d{4}\.$/,
    )
  })

  it('nothing for a subscriber in good standing, another mode, or with the prompt switched off', async () => {
    const customer = await merchant.stripe.customers.create({ email: 'fine@example.com' })
    expect(await reactivationBanner(t, await token(customer.id))).toEqual({ eligible: false })
    const liveSecret = await createSecret(t, merchant.accountId, (await t.signIn(merchant.ownerEmail)).token)
    const live = await mintToken(t, liveSecret, { iss: merchant.accountId, sub: late.customerId })
    expect(await reactivationBanner(t, live)).toEqual({ eligible: false })
    await settings({ prompt: 'off' })
    expect(await reactivationBanner(t, await token(late.customerId))).toEqual({ eligible: false })
    await settings({ enabled: false })
    expect(await reactivationBanner(t, await token(late.customerId))).toEqual({ eligible: false })
  })
})
