import type { CancelFlowConfig } from '../config/types'
import { FEEDBACK_CATEGORIES, OFFER_TYPES } from '../config/vocabulary'
import type { UiStrings } from '../i18n/ui-strings'
import { EN_UI_STRINGS } from '../i18n/ui-strings'
import type { OfferChoice } from '../widget-api'
import { choiceOf, findOption, type OfferOption } from './offers'
import { isTerminal, plannedOptions, stepProgress } from './path'
import type {
  FlowAction,
  FlowContext,
  FlowPlan,
  FlowScreen,
  FlowScreenKind,
  FlowSnapshot,
  FlowSubscriber,
  FlowWords,
  OptionWords,
  ScreenWords,
} from './types'

/**
 * Every word the cancel flow shows. `resolveFlowWords` resolves them in one place, for one language and
 * subscriber: on the server for the widget (the config answer's words per language, for the screens
 * shown while a session starts; the session answer's for the subscriber's own flow) and in the console
 * for its preview, so both render the same text. Merchant copy comes from `config.copy`; the screens
 * without merchant copy (confirm) and the buttons without a configured label use the widget's own words,
 * in the subscriber's language. The widget's bundle only reads the result (`screenCopy`): which text a
 * screen uses, percentages, day and month counts and the plan's dates never reach it.
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

/** A choice on screen: a reason, or one of an offer's options (a pause length, a plan) with its choice. */
export type ScreenOption =
  | { readonly kind: 'reason'; readonly key: string; readonly label: string; readonly selected: boolean }
  | {
      readonly kind: 'choice'
      /** What choosing it selects: the months or the plan's price id (`SELECT_OPTION`'s fields). */
      readonly choice: OfferChoice
      readonly label: string
      readonly selected: boolean
    }

export interface ScreenCopy {
  /** "Step 2 of 4"; empty once the flow is over. */
  readonly progress: string
  readonly headline: string
  readonly subheadline: string
  /** A line under the copy (a discount's terms, the support address); null when there is none. */
  readonly note: string | null
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
 * "Your subscription ends on March 31, 2027" in the subscriber's words: the server's sentence for the
 * widget's final screen and its already-scheduled dialog (the ISO date itself if the locale cannot format).
 */
export const endsOnText = (strings: Pick<UiStrings, 'ends_on'>, iso: string, locale: string): string =>
  fillCopy(strings.ends_on, { date: formatDate(iso, locale) ?? iso })

/** Which words a screen shows: its kind, with its offer or feedback category (`offer.pause`, `confirm.`). */
export const screenKey = (screen: FlowScreen): string => {
  const { offer, category } = screen as { offer?: string; category?: string }
  return `${screen.kind}.${offer ?? category ?? ''}`
}

/** Every screen a flow can show: what the console's preview resolves (its step switcher reaches them all). */
export const ALL_SCREENS: readonly FlowScreen[] = [
  { kind: 'reason' },
  ...FEEDBACK_CATEGORIES.map((category) => ({ kind: 'feedback' as const, category })),
  ...OFFER_TYPES.flatMap((offer) => [
    { kind: 'offer' as const, offer },
    { kind: 'success' as const, offer },
  ]),
  { kind: 'confirm' },
  { kind: 'final' },
]

/** The screens a plan can show: its paths, each planned offer's success, the confirm and final screens. */
export function plannedScreens(plan: FlowPlan): FlowScreen[] {
  const screens = new Map<string, FlowScreen>()
  const add = (screen: FlowScreen) => screens.set(screenKey(screen), screen)
  for (const path of Object.values(plan.paths))
    for (const screen of path) {
      add(screen)
      if (screen.kind === 'offer') add({ kind: 'success', offer: screen.offer })
    }
  add({ kind: 'confirm' })
  add({ kind: 'final' })
  return [...screens.values()]
}

/** What words are resolved from. */
export interface WordsInput {
  /** The flow's config, its copy in the subscriber's language. */
  config: CancelFlowConfig
  /** The widget's own words in that language. */
  strings: UiStrings
  /** BCP 47 tag for numbers and dates. */
  locale: string
  /** Whose plan name and period end the copy names (absent: the words' stand-ins). */
  subscriber?: FlowSubscriber
  /** The plan the words are for (its options' order is the words' options' order). */
  plan: FlowPlan
  /** Which screens to resolve; by default those the plan can show (`plannedScreens`). */
  screens?: readonly FlowScreen[]
}

/** The placeholder values every screen shares: the subscriber's plan and period end, the discount. */
function baseValues(input: WordsInput): CopyValues {
  const { config, strings, subscriber = {}, locale } = input
  const { amount, duration } = config.discount
  const values: CopyValues = {
    plan_name: subscriber.planName || strings.plan_fallback,
    period_end: formatDate(subscriber.periodEnd, locale) ?? strings.period_end_fallback,
  }
  if (amount !== undefined) values.amount = percent(amount, locale)
  if (duration !== undefined) values.duration = monthsLabel(duration, strings)
  return values
}

/**
 * A screen's placeholder values, except the ones the choice on screen decides: on pause screens
 * `{duration}` is the chosen pause length, on a switch's success screen `{plan_name}` the plan switched
 * to (OptionWords.fills carries both). Elsewhere `{duration}` is the discount's months (on trial
 * extensions the added days).
 */
function copyValues(screen: FlowScreen, input: WordsInput, base: CopyValues): CopyValues {
  const offer = 'offer' in screen ? screen.offer : null
  const values = { ...base }
  const { days } = input.config.trial_extension
  if (offer === 'trial_extension' && days) values.duration = daysLabel(days, input.strings)
  if (offer === 'pause') delete values.duration
  if (screen.kind === 'success' && (offer === 'plan_switch' || offer === 'billing_cycle_switch'))
    delete values.plan_name
  return values
}

/** What an offer option is called, and what choosing it fills in. */
function optionWords(option: OfferOption, strings: UiStrings): OptionWords {
  if (option.kind === 'months') {
    const label = monthsLabel(option.months, strings)
    return { label, fills: { duration: label } }
  }
  const { name, price } = option.plan
  return { label: `${name} – ${price}`, fills: { plan_name: name } }
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

/** The texts a screen takes from the config (the confirm screen's are the widget's own words). */
function textsOf(screen: FlowScreen, config: CancelFlowConfig, strings: UiStrings): Texts {
  const { copy } = config
  switch (screen.kind) {
    case 'reason':
      return copy.general
    case 'feedback':
      return copy.user_feedback[screen.category]
    case 'offer':
      return copy[screen.offer]
    case 'success':
      return copy.success[screen.offer]
    case 'final':
      return copy.final
    case 'confirm':
      return {
        headline: strings.confirm_headline,
        subheadline: strings.confirm_subheadline,
        cta_primary: strings.confirm_cancel,
      }
  }
}

/**
 * A line under an offer's copy: a discount is stated in full (amount and length) whatever the copy says,
 * so nobody accepts it blind; "talk to us" shows its address, to copy when no mail app opens.
 */
function noteOf(screen: FlowScreen, input: WordsInput, values: CopyValues): string | undefined {
  if (screen.kind !== 'offer') return undefined
  if (screen.offer === 'discount' && values.amount && values.duration)
    return fillCopy(input.strings.discount_terms, values)
  if (screen.offer === 'talk_to_us') return input.config.talk_to_us.email || undefined
  return undefined
}

function screenWords(screen: FlowScreen, input: WordsInput, base: CopyValues): ScreenWords {
  const texts = textsOf(screen, input.config, input.strings)
  const values = copyValues(screen, input, base)
  const fill = (text = '') => fillCopy(text, values)
  const labels: ScreenWords['labels'] = {}
  CTA_ACTIONS[screen.kind].forEach((action, index) => {
    const label = index ? texts.cta_secondary : texts.cta_primary
    // An empty configured label would leave a button without a name; keep the built-in one.
    if (label?.trim()) labels[action] = fill(label)
  })
  const words: ScreenWords = { headline: fill(texts.headline), subheadline: fill(texts.subheadline), labels }
  // "Step x of y" is fixed for the flow (the plan's counted steps), whatever the reason chosen.
  if (!isTerminal(screen)) {
    const { stepIndex, stepCount } = stepProgress(input.plan, screen)
    words.progress = fillCopy(input.strings.step, { n: stepIndex + 1, total: stepCount })
  }
  if (screen.kind === 'feedback' && texts.placeholder != null) words.placeholder = fill(texts.placeholder)
  if (
    screen.kind === 'offer' &&
    plannedOptions(input.plan, screen.offer).length &&
    texts.dropdown_label != null
  )
    words.dropdownLabel = fill(texts.dropdown_label)
  const note = noteOf(screen, input, values)
  if (note) words.note = note
  return words
}

/** Every word of a planned flow, for one language and subscriber (see the top of this file). */
export function resolveFlowWords(input: WordsInput): FlowWords {
  const screens: FlowWords['screens'] = {}
  const base = baseValues(input)
  for (const screen of input.screens ?? plannedScreens(input.plan))
    screens[screenKey(screen)] = screenWords(screen, input, base)
  const options: FlowWords['options'] = {}
  for (const offer of OFFER_TYPES) {
    const list = plannedOptions(input.plan, offer)
    if (list.length) options[offer] = list.map((option) => optionWords(option, input.strings))
  }
  return { screens, options }
}

const NO_WORDS: ScreenWords = { headline: '', subheadline: '', labels: {} }

/**
 * The snapshot's screen as the widget draws it, from the words the server (or the preview) resolved:
 * the option chosen on screen fills what it decides, every action has a label.
 */
export function screenCopy(snapshot: FlowSnapshot, context: FlowContext): ScreenCopy {
  const { words, strings, plan } = context
  const { screen } = snapshot
  const texts = words.screens[screenKey(screen)] ?? NO_WORDS
  const offer = 'offer' in screen ? screen.offer : null
  // (A success screen lists nothing, but the option accepted still fills its words.)
  const offered = offer ? plannedOptions(plan, offer) : []
  const named = (offer && words.options[offer]) || []
  const chosen = offered.indexOf(findOption(offered, snapshot.selection) as OfferOption)
  const fill = (text: string) => fillCopy(text, named[chosen]?.fills ?? {})
  // The widget's words name every action under the action's own name; the screen's own labels win.
  const labels: Record<FlowAction, string> = { ...strings }
  for (const [action, label] of Object.entries(texts.labels)) labels[action as FlowAction] = fill(label)
  return {
    progress: texts.progress ?? '',
    headline: fill(texts.headline),
    subheadline: fill(texts.subheadline),
    note: texts.note ?? null,
    placeholder: texts.placeholder ?? null,
    dropdownLabel: texts.dropdownLabel == null ? null : fill(texts.dropdownLabel),
    options:
      screen.kind === 'reason'
        ? context.reasons.map(({ key, label }) => ({
            kind: 'reason',
            key,
            label,
            selected: key === snapshot.reasonKey,
          }))
        : screen.kind !== 'offer'
          ? []
          : offered.map((option, index) => ({
              kind: 'choice',
              choice: choiceOf(option),
              label: named[index]?.label ?? '',
              selected: index === chosen,
            })),
    labels,
  }
}
