import { formatMoney, isCurrencyCode, type Money, money, toMajor } from '@retainkit/shared/money'

/**
 * Money as the dashboard reads and writes it: amounts arrive with their currency and stay
 * with it — a list per currency, never one sum — and are written through `Intl.NumberFormat` in the
 * reader's locale with each currency's own decimals.
 */

/** The reader's locale (the browser's first language), English where there is none. */
export function readerLocale(): string {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language
  return language && language !== '' ? language : 'en-US'
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** `[{amount, currency}]` as the API answers it; entries that are not one are left out. */
export function moneyList(raw: unknown): Money[] {
  return (Array.isArray(raw) ? raw : []).flatMap((entry) =>
    isRecord(entry) &&
    typeof entry.amount === 'number' &&
    Number.isSafeInteger(entry.amount) &&
    isCurrencyCode(entry.currency)
      ? [money(entry.amount, String(entry.currency))]
      : [],
  )
}

/** `$42.54 · €36.00`; `none` for an empty list. */
export function formatList(list: readonly Money[], none = '—', locale = readerLocale()): string {
  return list.length === 0 ? none : list.map((value) => formatMoney(value, locale)).join(' · ')
}

/** Minor units of one currency → `$1,234.50` in the reader's locale. */
export const formatIn = (amount: number, currency: string, locale = readerLocale()): string =>
  formatMoney(money(amount, currency), locale)

/** Minor units → the major-unit number a CSV cell holds (1234.5 for 123450 cents, 980 for ¥980). */
export const majorIn = (amount: number, currency: string): number => toMajor(money(amount, currency))

/** "US dollars (USD)": the currency's name in the reader's language, with its code. */
export function currencyName(currency: string, locale = readerLocale()): string {
  const code = currency.toUpperCase()
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code)
    return name && name !== code ? `${name} (${code})` : code
  } catch {
    return code
  }
}

/** The amount of `currency` in a list, zero when the list has none. */
export const amountIn = (list: readonly Money[], currency: string): number =>
  list.find((value) => value.currency === currency)?.amount ?? 0

/** A major-unit amount (an axis tick) → `$1,234.50`, `¥980`, in the reader's locale. */
export const formatMajorIn = (value: number, currency: string, locale = readerLocale()): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(value)
