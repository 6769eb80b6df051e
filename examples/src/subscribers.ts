import type { SeededMerchant } from '@retainkit/fakes/stripe'

/**
 * The test subscribers the pages let you "sign in" as. Each is a real customer in the Stripe fake;
 * `what` says what the widget does for them, which is the point of picking one.
 */
export interface SandboxSubscriber {
  key: string
  name: string
  customerId: string
  subscriptionId: string
  plan: string
  what: string
}

export function sandboxSubscribers(merchant: SeededMerchant): SandboxSubscriber[] {
  const c = merchant.customers
  return [
    {
      key: 'monthly',
      name: 'Avery Monthly',
      ...c.activeMonthly,
      plan: 'Pro, $29/month',
      what: 'Every offer: 20% off, a pause, a smaller plan or yearly billing, depending on the reason.',
    },
    {
      key: 'annual',
      name: 'Blake Annual',
      ...c.activeAnnual,
      plan: 'Pro, $290/year',
      what: 'Offers for a yearly subscriber (no switch to yearly: already there).',
    },
    {
      key: 'discounted',
      name: 'Casey Discount',
      ...c.discounted,
      plan: 'Basic, $14.99/month with 20% off',
      what: 'Already has a discount, so no second one is offered.',
    },
    {
      key: 'paused',
      name: 'Devon Paused',
      ...c.paused,
      plan: 'Pro, $29/month, paused',
      what: 'The reactivation banner: resume the paused subscription in one click.',
    },
    {
      key: 'scheduled',
      name: 'Emery Leaving',
      ...c.scheduledCancel,
      plan: 'Team, $99/month, cancels at period end',
      what: 'The banner: undo the scheduled cancellation.',
    },
    {
      key: 'churned',
      name: 'Finley Churned',
      ...c.churned,
      plan: 'Pro, canceled',
      what: 'The banner: a win-back with 25% off the first month back.',
    },
    {
      key: 'minnesota',
      name: 'Harper Minnesota',
      ...c.minnesota,
      plan: 'Pro, $29/month, lives in Minnesota',
      what: 'No offers at all (the account switches them off for US-MN): straight to cancelling.',
    },
  ]
}
