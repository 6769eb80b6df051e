import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient } from './client'
import { seedCancellationHistories, seedCancellationHistory } from './seed-history'
import { setup, stripeError } from './test-support'

const DAY = 86_400
const START = 1_800_000_000

describe('listing canceled subscriptions', () => {
  it('keeps a past with its times and cancellation details, and pages canceled subscriptions newest first', async () => {
    const { fake, keys, stripe } = setup({ now: () => START })
    const entries = Array.from({ length: 7 }, (_, i) => ({
      email: `c${i}@example.com`,
      startedAt: START + i * 10 * DAY,
      canceledAt: START + i * 10 * DAY + 40 * DAY,
      amount: 1000 + i,
      feedback: i % 2 === 0 ? ('too_expensive' as const) : undefined,
      comment: i === 0 ? 'Cheaper elsewhere' : undefined,
    }))
    const { subscriptionIds } = await seedCancellationHistory(fake, keys.secretKey, entries)
    const first = await stripe.subscriptions.retrieve(subscriptionIds[0] as string)
    expect(first).toMatchObject({
      status: 'canceled',
      created: START,
      canceled_at: START + 40 * DAY,
      ended_at: START + 40 * DAY,
      cancellation_details: {
        reason: 'cancellation_requested',
        feedback: 'too_expensive',
        comment: 'Cheaper elsewhere',
      },
    })
    expect((await stripe.subscriptions.retrieve(subscriptionIds[1] as string)).cancellation_details).toEqual({
      reason: 'cancellation_requested',
      feedback: null,
      comment: null,
    })

    const seen: string[] = []
    let startingAfter: string | undefined
    for (;;) {
      const page: Stripe.ApiList<Stripe.Subscription> = await stripe.subscriptions.list({
        status: 'canceled',
        limit: 3,
        starting_after: startingAfter,
      })
      seen.push(...page.data.map((sub) => sub.id))
      if (!page.has_more) break
      startingAfter = page.data.at(-1)?.id
    }
    expect(seen).toEqual([...subscriptionIds].reverse())
    // Without a status Stripe leaves canceled subscriptions out.
    expect((await stripe.subscriptions.list()).data).toEqual([])
  })

  it('filters by creation time with an exact time or gt/gte/lt/lte bounds', async () => {
    const { fake, keys, stripe } = setup({ now: () => START })
    const entries = [0, 1, 2, 3].map((i) => ({
      email: `r${i}@example.com`,
      startedAt: START + i * DAY,
      canceledAt: START + 10 * DAY,
      amount: 500,
    }))
    const { subscriptionIds: ids } = await seedCancellationHistory(fake, keys.secretKey, entries)
    const listIds = async (created: Stripe.SubscriptionListParams['created']) =>
      (await stripe.subscriptions.list({ status: 'canceled', created })).data.map((sub) => sub.id)
    expect(await listIds({ gte: START + DAY })).toEqual([ids[3], ids[2], ids[1]])
    expect(await listIds({ gt: START + DAY, lte: START + 3 * DAY })).toEqual([ids[3], ids[2]])
    expect(await listIds({ lt: START + DAY })).toEqual([ids[0]])
    expect(await listIds(START + 2 * DAY)).toEqual([ids[2]])
    const bad = await stripeError(
      stripe.subscriptions.list({ created: { after: 1 } as unknown as Stripe.RangeQueryParam }),
    )
    expect(bad).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'created[after]' })
  })

  it('refuses a restricted key without read access to subscriptions, naming the permission', async () => {
    const { fake } = setup({ now: () => START })
    const keys = fake.createAccount({ restrictedKeys: [{ permissions: { subscriptions: 'none' } }] })
    const restricted = createStripeClient(fake, keys.restrictedKey ?? '')
    const error = await stripeError(restricted.subscriptions.list({ status: 'canceled' }))
    expect(error).toMatchObject({ statusCode: 403, type: 'StripePermissionError' })
    expect(error.message).toContain("'rak_subscription_read'")
  })

  it('gives several accounts their past on one timeline, and refuses a past the clock has left behind', async () => {
    const { fake, keys } = setup({ now: () => START })
    const other = fake.createAccount({ businessName: 'Other' })
    const entry = (email: string, days: number) => ({
      email,
      startedAt: START + days * DAY,
      canceledAt: START + (days + 30) * DAY,
      amount: 900,
    })
    const [mine = [], theirs = []] = await seedCancellationHistories(fake, [
      { secretKey: keys.secretKey, entries: [entry('a@example.com', 0), entry('b@example.com', 50)] },
      { secretKey: other.secretKey, entries: [entry('c@example.com', 10)] },
    ])
    const sdk = createStripeClient(fake, other.secretKey)
    expect((await sdk.subscriptions.retrieve(theirs[0] as string)).canceled_at).toBe(START + 40 * DAY)
    expect(mine).toHaveLength(2)
    await expect(
      seedCancellationHistory(fake, other.secretKey, [entry('late@example.com', 0)]),
    ).rejects.toThrow(/already past the history's start/)
  })
})
