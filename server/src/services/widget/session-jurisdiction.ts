import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { formatDate } from '@retainkit/shared/flow'
import { type LegalWords, legalText, type ResolvedLegal } from '@retainkit/shared/i18n'
import {
  decideJurisdiction,
  type JurisdictionDecision,
  statutoryKinds,
  statutoryVariant,
} from '@retainkit/shared/jurisdiction'
import type { LegalBlockWords, StatutoryPage } from '@retainkit/shared/widget-api'
import type Stripe from 'stripe'
import { customerAddress } from './stripe-subscriber'
import type { Subscriber } from './subscriber-token'

/**
 * A cancel session's jurisdiction, decided on the server at its start: the token's signed
 * country and state, else the Stripe customer's address, against the account's rules (shared
 * `decideJurisdiction`); and what the widget needs for the modes that draw their own page.
 */

export function decideSessionJurisdiction(input: {
  config: CancelFlowConfig
  subscriber: Subscriber
  subscription: Stripe.Subscription | null
  now: Date
}): JurisdictionDecision {
  const { subscription } = input
  const started = subscription?.start_date ?? subscription?.created
  return decideJurisdiction({
    settings: input.config.compliance?.jurisdictions,
    claimed: input.subscriber.jurisdiction,
    stripe: subscription ? customerAddress(subscription) : null,
    startedAt: typeof started === 'number' ? new Date(started * 1000).toISOString() : null,
    now: input.now,
  })
}

const customerOf = (subscription: Stripe.Subscription | null) => {
  const customer = subscription?.customer
  return customer && typeof customer === 'object' && !customer.deleted ? customer : null
}

/** How the page and the receipt name the contract: the plan and the subscription's id. */
export function contractName(
  block: LegalWords<'statutory'>,
  planName: string | null,
  subscriptionId: string | null,
): string {
  return legalText(block, block.words.contract_name, {
    plan: planName || '—',
    id: subscriptionId ?? '—',
  })
}

/**
 * The page for one subscriber: the fields prefilled from the Stripe customer (they may change any of
 * them), the kinds they may declare, and the words with their dates written for the block's language.
 */
export function statutoryPage(input: {
  decision: JurisdictionDecision
  block: LegalWords<'statutory'>
  subscription: Stripe.Subscription | null
  planName: string | null
  periodEnd: string | null
}): StatutoryPage {
  const { decision, block, subscription } = input
  const date = (iso: string | null) => formatDate(iso, block.locale) ?? '—'
  const words = { ...block.words }
  const fill = (text: string, values: Record<string, string>) => legalText(block, text, values)
  words.time_earliest = fill(words.time_earliest, { date: date(input.periodEnd) })
  words.kind_withdrawal = fill(words.kind_withdrawal, { date: date(decision.withdrawalUntil) })
  words.withdrawal_intro = fill(words.withdrawal_intro, { date: date(decision.withdrawalUntil) })
  const customer = customerOf(subscription)
  return {
    lang: block.locale,
    dir: block.dir,
    words,
    variant: statutoryVariant(decision),
    kinds: statutoryKinds(decision),
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    contract: contractName(block, input.planName, subscription?.id ?? null),
    earliestEnd: input.periodEnd,
    withdrawalUntil: decision.withdrawalUntil,
  }
}

/** A legal block as a session carries it. */
export const blockWords = <B extends keyof ResolvedLegal>(
  block: LegalWords<B>,
): LegalBlockWords<LegalWords<B>['words']> => ({ lang: block.locale, dir: block.dir, words: block.words })
