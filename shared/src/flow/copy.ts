import type { FeedbackCategory, OfferType } from '../config/vocabulary'
import { findOption, type OfferOption, offerOptions } from './offers'
import type { FlowAction, FlowContext, FlowScreen, FlowScreenKind, FlowSnapshot } from './types'

/**
 * Every word the cancel flow shows, resolved in one place so the widget and the console's preview render
 * the same text. Merchant copy comes from `config.copy`; the few screens without merchant copy (confirm)
 * and the buttons without a configured label use the built-in English below.
 */

/** The placeholders copy may use (documented for merchants beside the default config). */
export type CopyPlaceholder = 'amount' | 'duration' | 'plan_name' | 'period_end'
export type CopyValues = Partial<Record<CopyPlaceholder, string>>

const PLACEHOLDER = /\{(amount|duration|plan_name|period_end)\}/g

/** Replaces the known placeholders that have a value; anything else in braces is left as written. */
export function fillCopy(text: string, values: CopyValues): string {
  // A replacer function, so `$&` and friends in a value are inserted literally.
  return text.replace(PLACEHOLDER, (match, key: CopyPlaceholder) => values[key] ?? match)
}

export const DEFAULT_ACTION_LABELS: Readonly<Record<FlowAction, string>> = {
  next: 'Continue',
  back: 'Back',
  accept: 'Accept offer',
  decline: 'No thanks',
  cancel: 'Cancel subscription',
  stay: 'Keep my subscription',
  close: 'Close',
  retry: 'Try again',
}

export const CONFIRM_COPY = {
  headline: 'Confirm your cancellation',
  subheadline: "Your subscription stays active until {period_end}, then ends. You won't be charged again.",
  cancel: 'Confirm cancellation',
} as const

/** Stand-ins when the subscriber is unknown (preview, missing data), so no raw placeholder shows. */
export const COPY_FALLBACKS = {
  plan_name: 'your plan',
  period_end: 'the end of your current billing period',
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

export const monthsLabel = (months: number): string => (months === 1 ? '1 month' : `${months} months`)

function formatDate(iso: string | null | undefined, locale: string): string | undefined {
  if (!iso) return undefined
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return undefined
  try {
    // UTC: the period end is a Stripe timestamp; the day must not shift with the viewer's zone.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date)
  } catch {
    return date.toISOString().slice(0, 10)
  }
}

const PLAN_OFFERS: readonly OfferType[] = ['plan_switch', 'billing_cycle_switch']

/**
 * Placeholder values for the current screen. On pause screens `{duration}` is the chosen pause length
 * (elsewhere the discount's months); on a plan-switch success `{plan_name}` is the new plan.
 */
export function copyValues(snapshot: FlowSnapshot, context: FlowContext): CopyValues {
  const { config, subscriber } = context
  const { screen, selection } = snapshot
  const offer = screen.kind === 'offer' || screen.kind === 'success' ? screen.offer : null
  const values: CopyValues = {
    plan_name: subscriber.planName || COPY_FALLBACKS.plan_name,
    period_end: formatDate(subscriber.periodEnd, context.locale) ?? COPY_FALLBACKS.period_end,
  }
  if (config.discount.amount !== undefined) values.amount = `${config.discount.amount}%`
  const months = offer === 'pause' ? selection.months : config.discount.duration
  if (months !== undefined) values.duration = monthsLabel(months)
  if (screen.kind === 'success' && offer && PLAN_OFFERS.includes(offer)) {
    const plan = config[offer as 'plan_switch'].plans?.find((p) => p.id === selection.planId)
    if (plan) values.plan_name = plan.name
  }
  return values
}

function optionOf(option: OfferOption, selected: boolean): ScreenOption {
  if (option.kind === 'months') {
    return { kind: 'months', months: option.months, label: monthsLabel(option.months), selected }
  }
  const { id, name, price } = option.plan
  return { kind: 'plan', planId: id, name, price, label: `${name} – ${price}`, selected }
}

type Draft = Omit<ScreenCopy, 'labels' | 'placeholder' | 'dropdownLabel' | 'options'> &
  Partial<Pick<ScreenCopy, 'placeholder' | 'dropdownLabel' | 'options'>> & {
    labels?: Partial<Record<FlowAction, string>>
  }

type ScreenOf<K extends FlowScreenKind> = Extract<FlowScreen, { kind: K }>
type Builders = {
  [K in FlowScreenKind]: (screen: ScreenOf<K>, snapshot: FlowSnapshot, context: FlowContext) => Draft
}

/**
 * Which configured text labels which action. On the reason and feedback screens `cta_primary` is the
 * Continue button and `cta_secondary` the keep-my-subscription one; on offers, accept and decline.
 */
const BUILDERS: Builders = {
  reason: (_screen, snapshot, { config, reasons }) => ({
    headline: config.copy.general.headline,
    subheadline: config.copy.general.subheadline,
    options: reasons.map((reason) => ({
      kind: 'reason',
      key: reason.key,
      label: reason.label,
      selected: reason.key === snapshot.reasonKey,
    })),
    labels: { next: config.copy.general.cta_primary, stay: config.copy.general.cta_secondary },
  }),
  feedback: ({ category }: { category: FeedbackCategory }, _snapshot, { config }) => {
    const copy = config.copy.user_feedback[category]
    return {
      headline: copy.headline,
      subheadline: copy.subheadline,
      placeholder: copy.placeholder,
      labels: { next: copy.cta_primary, stay: copy.cta_secondary },
    }
  },
  offer: ({ offer }, snapshot, { config, subscriber }) => {
    const copy = config.copy[offer]
    const options = offerOptions(offer, config, subscriber)
    const selected = findOption(options, snapshot.selection)
    return {
      headline: copy.headline,
      subheadline: copy.subheadline,
      dropdownLabel: 'dropdown_label' in copy && options.length > 0 ? copy.dropdown_label : null,
      options: options.map((option) => optionOf(option, option === selected)),
      labels: { accept: copy.cta_primary, decline: copy.cta_secondary },
    }
  },
  confirm: () => ({
    headline: CONFIRM_COPY.headline,
    subheadline: CONFIRM_COPY.subheadline,
    labels: { cancel: CONFIRM_COPY.cancel },
  }),
  success: ({ offer }, _snapshot, { config }) => config.copy.success[offer],
  final: (_screen, _snapshot, { config }) => config.copy.final,
}

/** The resolved copy of the snapshot's screen: placeholders filled, every label present. */
export function screenCopy(snapshot: FlowSnapshot, context: FlowContext): ScreenCopy {
  const { screen } = snapshot
  const build = BUILDERS[screen.kind] as (s: FlowScreen, snap: FlowSnapshot, ctx: FlowContext) => Draft
  const draft = build(screen, snapshot, context)
  const values = copyValues(snapshot, context)
  const fill = (text: string) => fillCopy(text, values)
  const labels = { ...DEFAULT_ACTION_LABELS }
  for (const [action, label] of Object.entries(draft.labels ?? {}) as [FlowAction, string][]) {
    // An empty configured label would leave a button without a name; keep the built-in one.
    if (label.trim() !== '') labels[action] = fill(label)
  }
  return {
    headline: fill(draft.headline),
    subheadline: fill(draft.subheadline),
    placeholder: draft.placeholder == null ? null : fill(draft.placeholder),
    dropdownLabel: draft.dropdownLabel == null ? null : fill(draft.dropdownLabel),
    options: draft.options ?? [],
    labels,
  }
}
