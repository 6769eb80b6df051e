import type { StripePlan } from '@retainkit/shared/api'
import { minorDigits, money, stripeMinor, toStripe } from '@retainkit/shared/money'

/**
 * What the segment conditions offer from the connected Stripe catalogue, and how an MRR threshold
 * is written: as money in the account's currency, kept in the rule as Stripe's minor units (cents,
 * yen), which is what the subscriber's MRR is compared in. Pure, so it is tested without a DOM.
 */

export interface CatalogOption {
  /** The id a condition stores: a price id for plans, a product id for products. */
  value: string
  /** What the merchant reads and searches: `Pro – Monthly · $29/month`, `Pro`. */
  label: string
}

const planLabel = (plan: StripePlan) =>
  `${plan.nickname?.trim() ? `${plan.product_name} – ${plan.nickname.trim()}` : plan.product_name} · ${plan.display}`

/** A condition on `plan` picks a price, one on `product` a product (each once, by name). */
export function catalogOptions(attribute: 'plan' | 'product', plans: readonly StripePlan[]): CatalogOption[] {
  if (attribute === 'plan') return plans.map((plan) => ({ value: plan.id, label: planLabel(plan) }))
  const products = new Map<string, string>()
  for (const plan of plans)
    if (!products.has(plan.product_id)) products.set(plan.product_id, plan.product_name)
  return [...products]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/** Options whose name or id holds every word typed, in the catalogue's order. */
export function filterOptions(options: readonly CatalogOption[], query: string): CatalogOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return options.filter((option) => {
    const text = `${option.label} ${option.value}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/**
 * The account's currency: the one most of its Stripe prices are in (ties to the first listed), or US
 * dollars before Stripe answers, as a new account's prices usually are.
 */
export function catalogCurrency(plans: readonly StripePlan[] | null): string {
  const counts = new Map<string, number>()
  for (const plan of plans ?? []) counts.set(plan.currency, (counts.get(plan.currency) ?? 0) + 1)
  let best = 'usd'
  let most = 0
  for (const [currency, count] of counts) {
    if (count > most) [best, most] = [currency, count]
  }
  return best
}

export interface AmountCodec {
  /** Minor units as the box shows them: 2900 → `29.00` (yen: 1500 → `1500`). */
  format(minor: number): string
  /** What was typed as minor units, or null when it is not an amount of this currency. */
  parse(text: string): number | null
  /** The message beside a box that does not hold one. */
  error: string
}

/**
 * Amounts in `currency`, written with its own decimals (never more) and kept in Stripe's units (which
 * differ from the currency's for a few, such as ISK), no negative amounts.
 */
export function moneyCodec(currency: string): AmountCodec {
  // One codec per currency, so a box's effects see the same one from render to render.
  const known = codecs.get(currency)
  if (known) return known
  const codec = makeMoneyCodec(currency)
  codecs.set(currency, codec)
  return codec
}
const codecs = new Map<string, AmountCodec>()

function makeMoneyCodec(currency: string): AmountCodec {
  const digits = minorDigits(currency)
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`) : /^\d+$/
  const example = digits > 0 ? `29.${'0'.repeat(digits)}` : '1500'
  return {
    format: (minor) => (stripeMinor(minor, currency) / 10 ** digits).toFixed(digits),
    parse: (text) => {
      const trimmed = text.trim()
      if (!pattern.test(trimmed)) return null
      const [whole = '0', fraction = ''] = trimmed.split('.')
      const amount = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
      if (!Number.isSafeInteger(amount)) return null
      try {
        return toStripe(money(amount, currency))
      } catch {
        return null
      }
    },
    error: `Enter an amount in ${currency.toUpperCase()}, such as ${example}`,
  }
}
