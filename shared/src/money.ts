/**
 * Money is an amount with a currency. Zod-free and DOM-free, so the server, the console and
 * the widget import it alike (`@retainkit/shared/money`).
 *
 * - `Money` is `{ amount, currency }`: `amount` an integer in the currency's ISO 4217 minor unit (cents
 *   for USD and EUR, yen for JPY, fils for KWD), `currency` the lower-case ISO code Stripe uses
 *   (`'usd'`). `money(amount, currency)` makes one and refuses a fraction or a malformed code.
 * - Stripe's amounts follow Stripe's own minor units, which differ from ISO for a few currencies
 *   (ISK is sent with two decimals, MGA with none): `fromStripe(amount, currency)` on the way in,
 *   `toStripe(money)` on the way out (`stripeMinor` and `MoneyTotals.addStripe` for sums still to be
 *   rounded). Everything else works in ISO minor units.
 * - Amounts of different currencies are never added: `addMoney` throws `CurrencyMismatchError`, and a
 *   total over many currencies is a `MoneyTotals` (one running total per currency, listed as
 *   `Money[]`), never one number.
 * - Round once, at the end: `MoneyTotals.add` takes unrounded minor units (an annual price divided by
 *   12, times a discount's 0.8) and rounds each currency's total only when it is read, with
 *   `roundMinor` (half away from zero, after cancelling binary floating-point noise).
 * - `formatMoney(money, locale)` writes it through `Intl.NumberFormat` with the currency's own number
 *   of decimals, for every ISO code (`$21.75`, `¥500`, `KWD 1.500`); `formatTotals` writes a list.
 */

export interface Money {
  /** Integer, in the currency's ISO 4217 minor unit. */
  readonly amount: number
  /** Lower-case ISO 4217 code, as Stripe writes it: `'usd'`, `'eur'`, `'jpy'`. */
  readonly currency: string
}

/** Thrown when amounts of two currencies would be added or compared as one. */
export class CurrencyMismatchError extends Error {
  constructor(a: string, b: string) {
    super(`Cannot combine ${a.toUpperCase()} and ${b.toUpperCase()} amounts`)
    this.name = 'CurrencyMismatchError'
  }
}

const CODE = /^[a-z]{3}$/

/** `'USD'` → `'usd'`; throws on anything that is not three letters. */
export function currencyCode(currency: string): string {
  const code = currency.trim().toLowerCase()
  if (!CODE.test(code)) throw new RangeError(`Not an ISO 4217 currency code: ${JSON.stringify(currency)}`)
  return code
}

/** Whether `value` is a well-formed currency code (any case). */
export const isCurrencyCode = (value: unknown): boolean =>
  typeof value === 'string' && CODE.test(value.toLowerCase())

// ISO 4217 minor units where they are not two (the list's "N.A." funds and metals aside).
const ISO_DIGITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    'bif clp djf gnf isk jpy kmf krw pyg rwf ugx uyi vnd vuv xaf xof xpf'.split(' ').map((c) => [c, 0]),
  ),
  ...Object.fromEntries('bhd iqd jod kwd lyd omr tnd'.split(' ').map((c) => [c, 3])),
  clf: 4,
  uyw: 4,
}

// Stripe's own minor units (https://docs.stripe.com/currencies): its zero-decimal list, its
// three-decimal list, two decimals for every other currency (ISK included, in whole krónur).
const STRIPE_ZERO = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '))
const STRIPE_THREE = new Set('bhd jod kwd omr tnd'.split(' '))

/** Decimals of the currency's ISO minor unit: 2 for USD, 0 for JPY, 3 for KWD. */
export const minorDigits = (currency: string): number => ISO_DIGITS[currencyCode(currency)] ?? 2

function stripeDigits(code: string): number {
  if (STRIPE_ZERO.has(code)) return 0
  return STRIPE_THREE.has(code) ? 3 : 2
}

/**
 * The one rounding rule for money: to the nearest minor unit, halves away from zero. The value is
 * first snapped to a millionth of a unit, so 0.1 + 0.2 style noise in a long sum never decides a cent.
 */
export function roundMinor(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`)
  const snapped = Math.round(value * 1e6) / 1e6
  const rounded = Math.sign(snapped) * Math.round(Math.abs(snapped))
  return rounded === 0 ? 0 : rounded
}

/** A `Money`; throws on a non-integer or unsafe amount or a malformed currency. */
export function money(amount: number, currency: string): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an amount in minor units: ${amount}`)
  return { amount, currency: currencyCode(currency) }
}

/** Zero of a currency. */
export const zeroMoney = (currency: string): Money => money(0, currency)

/** A Stripe API amount (Stripe's minor units) as `Money`. */
export function fromStripe(amount: number, currency: string): Money {
  const code = currencyCode(currency)
  const shift = stripeDigits(code) - (ISO_DIGITS[code] ?? 2)
  // ISK amounts have been whole krónur since 2023, so the division is exact for any live price.
  return money(shift === 0 ? amount : roundMinor(stripeMinor(amount, code)), code)
}

/** A Stripe amount (or a sum of them) in ISO minor units, unrounded: for a `MoneyTotals` to round once. */
export function stripeMinor(amount: number, currency: string): number {
  const code = currencyCode(currency)
  return amount / 10 ** (stripeDigits(code) - (ISO_DIGITS[code] ?? 2))
}

/** `Money` as a Stripe API amount; throws when Stripe cannot express it (a fraction of an ariary). */
export function toStripe(value: Money): number {
  const code = currencyCode(value.currency)
  const shift = stripeDigits(code) - (ISO_DIGITS[code] ?? 2)
  const amount = value.amount * 10 ** shift
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`${formatMoney(value)} cannot be charged in Stripe's ${code.toUpperCase()} unit`)
  }
  return amount
}

/** `a + b`; throws `CurrencyMismatchError` for two currencies. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency)
  return money(a.amount + b.amount, a.currency)
}

/** `a - b`; throws `CurrencyMismatchError` for two currencies. */
export const subtractMoney = (a: Money, b: Money): Money => addMoney(a, money(-b.amount, b.currency))

/** A minor-unit amount as the major-unit number a CSV or an axis holds: 123450 cents → 1234.5. */
export const toMajor = (value: Money): number => value.amount / 10 ** minorDigits(value.currency)

/**
 * Running totals, one per currency: amounts in minor units, unrounded (fractions welcome), rounded
 * once per currency when read. There is no way to read a sum across currencies.
 */
export class MoneyTotals {
  readonly #sums = new Map<string, number>()

  /** Adds `amount` minor units (may carry a fraction) of `currency`. */
  add(amount: number, currency: string): this {
    if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`)
    const code = currencyCode(currency)
    this.#sums.set(code, (this.#sums.get(code) ?? 0) + amount)
    return this
  }

  addMoney(value: Money): this {
    return this.add(value.amount, value.currency)
  }

  /** Adds a Stripe amount (Stripe's minor units, as the database keeps them) of `currency`. */
  addStripe(amount: number, currency: string): this {
    return this.add(stripeMinor(amount, currency), currency)
  }

  /** The currency's total, rounded once (zero when none was added). */
  get(currency: string): Money {
    const code = currencyCode(currency)
    return money(roundMinor(this.#sums.get(code) ?? 0), code)
  }

  /** Every currency's total, rounded once, sorted by code; currencies never added are absent. */
  list(): Money[] {
    return [...this.#sums.keys()].sort().map((code) => this.get(code))
  }

  get currencies(): string[] {
    return [...this.#sums.keys()].sort()
  }
}

/** A list of totals (`Money[]`, one per currency) added up per currency. */
export function sumByCurrency(values: Iterable<Money>): Money[] {
  const totals = new MoneyTotals()
  for (const value of values) totals.addMoney(value)
  return totals.list()
}

const formats = new Map<string, Intl.NumberFormat>()

function numberFormat(locale: string, code: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${code}|${digits}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    formats.set(key, format)
  }
  return format
}

export interface FormatMoneyOptions {
  /** Leave out `.00` from whole amounts (`$29` rather than `$29.00`), as price labels do. */
  trimWholeAmounts?: boolean
}

/**
 * `$1,234.50`, `1.234,50 €`, `¥500`, `KWD 1.500`: `Intl.NumberFormat` in `locale` with the currency's
 * own decimals. An unknown locale falls back to English rather than throwing.
 */
export function formatMoney(value: Money, locale = 'en-US', options: FormatMoneyOptions = {}): string {
  const code = currencyCode(value.currency)
  const digits = minorDigits(code)
  const major = value.amount / 10 ** digits
  const shown = options.trimWholeAmounts && Number.isInteger(major) ? 0 : digits
  try {
    return numberFormat(locale, code, shown).format(major)
  } catch {
    return numberFormat('en-US', code, shown).format(major)
  }
}

/** Totals in several currencies in one line: `$120.00 · €45.50` (nothing when the list is empty). */
export const formatTotals = (values: readonly Money[], locale = 'en-US', separator = ' · '): string =>
  values.map((value) => formatMoney(value, locale)).join(separator)
