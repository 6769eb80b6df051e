import type Stripe from 'stripe'
import { createStripeClient } from './client'
import type { StripeFake } from './fake'

/**
 * A Stripe account's past: subscriptions started and canceled at given times, each through the real SDK
 * with the fake's clock moved to that moment (as a Stripe test clock would be), so `created`,
 * `canceled_at`, renewals and `cancellation_details` are what Stripe itself would show.
 */
export interface PastCancellation {
  email: string
  name?: string
  /** Unix seconds; the fake's clock must not be past the earliest of these. */
  startedAt: number
  canceledAt: number
  /** Minor units per interval. */
  amount: number
  currency?: string
  interval?: 'month' | 'year'
  quantity?: number
  feedback?: Stripe.SubscriptionCancelParams.CancellationDetails.Feedback
  comment?: string
}

type Step = { at: number; run: () => Promise<void> }

/** One account's past; `seedCancellationHistories` for several accounts on one timeline. */
export async function seedCancellationHistory(
  fake: StripeFake,
  secretKey: string,
  entries: readonly PastCancellation[],
): Promise<{ subscriptionIds: string[] }> {
  const [ids = []] = await seedCancellationHistories(fake, [{ secretKey, entries }])
  return { subscriptionIds: ids }
}

/**
 * Several accounts' pasts at once: the clock only moves forward, so their steps share one timeline.
 * Returns each account's subscription ids in the order of its entries.
 */
export async function seedCancellationHistories(
  fake: StripeFake,
  histories: ReadonlyArray<{ secretKey: string; entries: readonly PastCancellation[] }>,
): Promise<string[][]> {
  const earliest = Math.min(...histories.flatMap((h) => h.entries.map((entry) => entry.startedAt)))
  if (earliest < fake.clock.now()) {
    throw new RangeError(
      `The fake's clock (${fake.clock.now()}) is already past the history's start (${earliest})`,
    )
  }
  const timelines = histories.map(({ secretKey, entries }) => accountSteps(fake, secretKey, entries))
  const steps = timelines.flatMap((timeline) => timeline.steps)
  // Stable by time; a subscription's start sorts before its own cancel at the same second.
  steps.sort((a, b) => a.at - b.at)
  for (const step of steps) {
    if (step.at > fake.clock.now()) fake.clock.advanceTo(step.at)
    await step.run()
  }
  return timelines.map((timeline) => timeline.ids)
}

function accountSteps(
  fake: StripeFake,
  secretKey: string,
  entries: readonly PastCancellation[],
): { steps: Step[]; ids: string[] } {
  const stripe = createStripeClient(fake, secretKey)
  const prices = new Map<string, Promise<Stripe.Price>>()
  const priceFor = (entry: PastCancellation) => {
    const currency = entry.currency ?? 'usd'
    const interval = entry.interval ?? 'month'
    const key = `${currency}:${entry.amount}:${interval}`
    let price = prices.get(key)
    if (!price) {
      price = stripe.prices.create({
        currency,
        unit_amount: entry.amount,
        recurring: { interval },
        nickname: `${interval === 'year' ? 'Annual' : 'Monthly'} ${entry.amount} ${currency}`,
        product_data: { name: interval === 'year' ? 'Annual plan' : 'Monthly plan' },
      })
      prices.set(key, price)
    }
    return price
  }
  const ids: string[] = new Array(entries.length)
  const steps: Step[] = entries.flatMap((entry, index) => [
    {
      at: entry.startedAt,
      run: async () => {
        const customer = await stripe.customers.create({ email: entry.email, name: entry.name })
        const price = await priceFor(entry)
        const sub = await stripe.subscriptions.create({
          customer: customer.id,
          items: [{ price: price.id, quantity: entry.quantity ?? 1 }],
        })
        ids[index] = sub.id
      },
    },
    {
      at: entry.canceledAt,
      run: async () => {
        const details =
          entry.feedback || entry.comment
            ? { cancellation_details: { feedback: entry.feedback, comment: entry.comment } }
            : {}
        await stripe.subscriptions.cancel(ids[index] as string, details)
      },
    },
  ])
  return { steps, ids }
}
