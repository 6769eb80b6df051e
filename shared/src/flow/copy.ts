import type { UiStrings } from '../i18n/ui-strings'
import { EN_UI_STRINGS } from '../i18n/ui-strings'
import { findOption, type OfferOption } from './offers'
import { plannedOptions } from './path'
import type { FlowAction, FlowContext, FlowScreenKind, FlowSnapshot } from './types'

/**
 * Every word the cancel flow shows, resolved in one place so the widget and the console's preview render
 * the same text. Merchant copy comes from `config.copy`; the few screens without merchant copy (confirm)
 * and the buttons without a configured label use the widget's own words, `context.strings`, in the
 * subscriber's language (they come with the published config, never with the bundle).
 */

/** The placeholders copy may use (documented for merchants beside the default config). */
export type CopyPlaceholder = 'amount' | 'duration' | 'plan_name' | 'period_end'
export type CopyValues = Partial<Record<CopyPlaceholder, string>>

/**
 * Replaces `{name}` placeholders that have a value (the copy's four, the widget's own words' `{n}`,
 * `{date}`, …); anything else in braces is left as written, and a value is inserted literally (`$&`
 * stays `$&`). One filler for the merchant's copy and the widget's words alike.
 */
export function fillCopy(
  text: string,
  values: Readonly<Record<string, string | number | undefined>>,
): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? String(values[key] ?? match) : match,
  )
}

const en = EN_UI_STRINGS
/**
 * The English labels, confirm copy and stand-ins, for tests and docs (the flow reads `context.strings`).
 * Plain literals, so a bundle that does not use them drops them and the English with them.
 */
export const DEFAULT_ACTION_LABELS: Readonly<Record<FlowAction, string>> = {
  next: en.next,
  back: en.back,
  accept: en.accept,
  decline: en.decline,
  cancel: en.cancel,
  stay: en.stay,
  close: en.close,
  retry: en.retry,
}
export const CONFIRM_COPY = {
  headline: EN_UI_STRINGS.confirm_headline,
  subheadline: EN_UI_STRINGS.confirm_subheadline,
  cancel: EN_UI_STRINGS.confirm_cancel,
} as const
export const COPY_FALLBACKS = {
  plan_name: EN_UI_STRINGS.plan_fallback,
  period_end: EN_UI_STRINGS.period_end_fallback,
} as const

export type ScreenOption =
  | { readonly kind: 'reason'; readonly key: string; readonly label: string; readonly selected: boolean }
  | { readonly kind: 'months'; readonly months: number; readonly label: string; readonly selected: boolean }
  | {
      readonly kind: 'plan'
      readonly planId: string
      readonly name: string
      readonly price: string
      readonly label: string
      readonly selected: boolean
    }

export interface ScreenCopy {
  readonly headline: string
  readonly subheadline: string
  /** Feedback textarea placeholder; null on other screens. */
  readonly placeholder: string | null
  /** Label of the option list on pause/plan offers; null elsewhere (the reason list is labelled by the headline). */
  readonly dropdownLabel: string | null
  /** Reasons on the reason screen, pause lengths or plans on offer screens; empty elsewhere. */
  readonly options: readonly ScreenOption[]
  /** A label for every action; the widget renders those in `snapshot.actions`. */
  readonly labels: Readonly<Record<FlowAction, string>>
}

export const monthsLabel = (months: number, strings: UiStrings): string =>
  fillCopy(months === 1 ? strings.one_month : strings.months, { n: months })

/** A trial extension's added days, in the subscriber's language. */
export const daysLabel = (days: number, strings: UiStrings): string =>
  fillCopy(days === 1 ? strings.one_day : strings.days, { n: days })

/** A percentage as the locale writes it (`20%`, `20 %` in French and German). */
export function percent(amount: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(amount / 100)
  } catch {
    return `${amount}%`
  }
}

/** A long date (`March 31, 2027` in en-US), in UTC: a Stripe timestamp's day must not shift with the viewer's zone. */
export function formatDate(iso: string | null | undefined, locale: string): string | undefined {
  const date = new Date(iso ?? '')
  if (!iso || Number.isNaN(date.getTime())) return undefined
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
  } catch {
    return date.toISOString().slice(0, 10)
  }
}

/**
 * Placeholder values for the current screen. On pause screens `{duration}` is the chosen pause length
 * (on trial extensions the added days, elsewhere the discount's months); on a plan-switch success `{plan_name}` is the new plan.
 */
export function copyValues(snapshot: FlowSnapshot, context: FlowContext): CopyValues {
  const { config, subscriber, strings } = context
  const { screen, selection } = snapshot
  const { amount, duration } = config.discount
  const offer = 'offer' in screen ? screen.offer : null
  const months = offer === 'pause' ? selection.months : duration
  const values: CopyValues = {
    plan_name: subscriber.planName || strings.plan_fallback,
    period_end: formatDate(subscriber.periodEnd, context.locale) ?? strings.period_end_fallback,
  }
  if (amount !== undefined) values.amount = percent(amount, context.locale)
  if (months !== undefined) values.duration = monthsLabel(months, strings)
  const { days } = config.trial_extension
  if (offer === 'trial_extension' && days) values.duration = daysLabel(days, strings)
  if (screen.kind === 'success' && (offer === 'plan_switch' || offer === 'billing_cycle_switch')) {
    const plan = config[offer].plans?.find((p) => p.id === selection.planId)
    if (plan) values.plan_name = plan.name
  }
  return values
}

function optionOf(option: OfferOption, selected: boolean, strings: UiStrings): ScreenOption {
  if (option.kind === 'months') {
    return { kind: 'months', months: option.months, label: monthsLabel(option.months, strings), selected }
  }
  const { id, name, price } = option.plan
  return { kind: 'plan', planId: id, name, price, label: `${name} – ${price}`, selected }
}

/**
 * Which actions the configured `cta_primary` and `cta_secondary` label: Continue and keep-my-subscription
 * on the reason and feedback screens, accept and decline on offers, the cancel button on confirm.
 */
const CTA_ACTIONS: Readonly<Record<FlowScreenKind, readonly FlowAction[]>> = {
  reason: ['next', 'stay'],
  feedback: ['next', 'stay'],
  offer: ['accept', 'decline'],
  confirm: ['cancel'],
  success: [],
  final: [],
}

type Texts = Partial<
  Record<
    'headline' | 'subheadline' | 'placeholder' | 'dropdown_label' | 'cta_primary' | 'cta_secondary',
    string
  >
>

/** The resolved copy of the snapshot's screen: placeholders filled, every label present. */
export function screenCopy(snapshot: FlowSnapshot, context: FlowContext): ScreenCopy {
  const { config, strings } = context
  const { copy } = config
  const { screen } = snapshot
  const texts: Texts =
    screen.kind === 'reason'
      ? copy.general
      : screen.kind === 'feedback'
        ? copy.user_feedback[screen.category]
        : screen.kind === 'offer'
          ? copy[screen.offer]
          : screen.kind === 'success'
            ? copy.success[screen.offer]
            : screen.kind === 'final'
              ? copy.final
              : {
                  headline: strings.confirm_headline,
                  subheadline: strings.confirm_subheadline,
                  cta_primary: strings.confirm_cancel,
                }
  const offered = screen.kind === 'offer' ? plannedOptions(context.plan, screen.offer) : []
  const selected = findOption(offered, snapshot.selection)
  const values = copyValues(snapshot, context)
  const fill = (text = '') => fillCopy(text, values)
  // The widget's words name every action under the action's own name.
  const labels: Record<FlowAction, string> = { ...strings }
  CTA_ACTIONS[screen.kind].forEach((action, index) => {
    const label = index ? texts.cta_secondary : texts.cta_primary
    // An empty configured label would leave a button without a name; keep the built-in one.
    if (label?.trim()) labels[action] = fill(label)
  })
  return {
    headline: fill(texts.headline),
    subheadline: fill(texts.subheadline),
    placeholder: screen.kind === 'feedback' && texts.placeholder != null ? fill(texts.placeholder) : null,
    dropdownLabel: offered.length && texts.dropdown_label != null ? fill(texts.dropdown_label) : null,
    options:
      screen.kind === 'reason'
        ? context.reasons.map(({ key, label }) => ({
            kind: 'reason',
            key,
            label,
            selected: key === snapshot.reasonKey,
          }))
        : offered.map((option) => optionOf(option, option === selected, strings)),
    labels,
  }
}
