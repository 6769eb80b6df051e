import { DEFAULT_CONFIG } from '@retainkit/shared/default-config'
import {
  ALL_SCREENS,
  createFlowMachine,
  endsOnText,
  type FlowEffects,
  type FlowMachine,
  type FlowScreen,
  parseScreen,
  planFlow,
  shownReasons,
} from '@retainkit/shared/flow'
import { publishLocales, resolveLegal, sessionWords } from '@retainkit/shared/i18n'
import { withDescription } from '@retainkit/shared/reactivation-terms'
import { cssVariablesToText, themeToCssVariables } from '@retainkit/shared/theme'
import { MECHANISM_OF_OFFER, OFFER_TYPES } from '@retainkit/shared/vocabulary'
import { type ReactivationTerms, toPublishedConfig } from '@retainkit/shared/widget-api'
import { render } from 'preact'
import { type BannerCopy, BannerView } from '../banner/banner-view'
import { type ReactivateState, reactivation } from '../banner/terms'
import { type Localized, localize, setLanguage } from '../flow/localize'
import type { Host } from '../host/types'
import { flowDrawer } from '../ui/flow-view'
import { clearShadow, mountShadow } from '../ui/shadow'
import type { MountPreview, PreviewProps } from './public-types'

export type {
  MountPreview,
  PreviewHandle,
  PreviewProps,
  PreviewScreenOption,
  PreviewScreens,
} from './public-types'
export { PREVIEW_SCREENS } from './screens'

const DAY_MS = 86_400_000
const noop = () => {}

/**
 * Drawn in place in the console rather than over a page: the widget's own sheet (ui/styles.ts, in the
 * size-budgeted bundle) leaves these to the preview, which adds them to its theme rule.
 */
const INLINE_CSS =
  '.i{padding:16px}.i .d{max-height:none;box-shadow:0 2px 12px rgba(0,0,0,.2)}.i .k{position:static}'

/** Effects that answer like the server would, at once, with nothing sent or stored anywhere. */
function sampleEffects(periodEnd: string, language: Localized): FlowEffects {
  return {
    acceptOffer: ({ offer }) => Promise.resolve({ status: 'recorded', mechanism: MECHANISM_OF_OFFER[offer] }),
    cancel: () =>
      Promise.resolve({
        status: 'scheduled',
        cancelAt: periodEnd,
        message: 'Your subscription is canceled. You keep access until the end of your billing period.',
        endsOn: endsOnText(language.strings, periodEnd, language.locale),
      }),
    record: noop,
  }
}

/** The draft's reasons, in the order and selection subscribers get them from the config endpoint. */
const shownOf = (props: PreviewProps) => [...shownReasons(props.config, props.reasons)]

/**
 * The draft in the previewed language, resolved exactly as the config endpoint resolves it for
 * subscribers (a string missing in that language shows in the default one), and its published
 * projection: what subscribers get (no promo code, which only the server applies).
 */
function localized(props: PreviewProps): Localized {
  const reasons = shownOf(props)
  const config = toPublishedConfig(props.config)
  const plan = planFlow({ config, reasons, eligibleOffers: OFFER_TYPES })
  return localize({ config, reasons, ...publishLocales(props.config, reasons, plan) }, [props.locale])
}

function createMachine(
  props: PreviewProps,
  screen: FlowScreen | undefined,
  language: Localized,
): FlowMachine {
  const periodEnd = new Date(Date.now() + 30 * DAY_MS).toISOString()
  const subscriber = props.subscriber ?? { planName: 'Pro', periodEnd }
  const config = toPublishedConfig(props.config)
  const reasons = shownOf(props)
  // Planned and worded here, from the draft, by the functions the server plans and words subscribers'
  // flows with; every screen is worded, since the step switcher can open any of them.
  const plan = planFlow({
    config,
    reasons,
    eligibleOffers: props.eligibleOffers ?? OFFER_TYPES,
    subscriber,
    cap: props.cap ?? null,
    ...(props.mode ? { mode: props.mode } : {}),
  })
  const { words } = sessionWords({
    config,
    reasons,
    plan,
    wanted: [language.locale],
    subscriber,
    screens: ALL_SCREENS,
  })
  return createFlowMachine({
    words,
    reasons: language.reasons,
    strings: language.strings,
    locale: language.locale,
    plan,
    effects: sampleEffects(periodEnd, language),
    initialScreen: screen,
  })
}

/** Sample price of the preview's churned subscriber: what the banner's terms are shown with. */
const SAMPLE_PLAN_AMOUNT = 2900

/**
 * The terms a churned subscriber on a sample $29/month plan would read, with the banner's winback
 * discount (the server computes the real ones from Stripe), in the draft's terms words for the
 * language (wholly that language's, or wholly the default one's, as the server resolves them).
 */
function sampleTerms(copy: BannerCopy, props: PreviewProps, locale: string): ReactivationTerms {
  const percentOff = copy.winback_discount_percent
  return withDescription(
    {
      planName: props.subscriber?.planName || 'Pro',
      currency: props.subscriber?.currency || 'usd',
      interval: 'month',
      intervalCount: 1,
      amount: SAMPLE_PLAN_AMOUNT,
      discount: percentOff
        ? {
            percentOff,
            amount: Math.round(SAMPLE_PLAN_AMOUNT * (1 - percentOff / 100)),
            charges: copy.winback_discount_months ?? 1,
          }
        : null,
      firstChargeAt: new Date().toISOString(),
      chargesNow: true,
    },
    resolveLegal(props.config, shownOf(props), [locale]).terms,
  )
}

const sameScreen = (a: FlowScreen | undefined, b: FlowScreen | undefined) =>
  JSON.stringify(a) === JSON.stringify(b)

/**
 * Whether an update starts the flow machine afresh, and on which screen: a change to the draft keeps
 * the screen being looked at unless the step switcher asked for another one; a screen change alone
 * starts one on the screen asked for. (The console's screens are checked here: the machine trusts what
 * it is given.)
 */
function restartOn(
  previous: PreviewProps,
  next: PreviewProps,
  showing: () => FlowScreen,
): { screen: FlowScreen | undefined } | null {
  const wanted = parseScreen(next.screen)
  const moved = wanted && !sameScreen(wanted, parseScreen(previous.screen) ?? undefined)
  if (
    next.config !== previous.config ||
    next.reasons !== previous.reasons ||
    next.subscriber !== previous.subscriber ||
    next.eligibleOffers !== previous.eligibleOffers ||
    next.cap !== previous.cap ||
    next.locale !== previous.locale
  )
    return { screen: moved ? wanted : showing() }
  return moved ? { screen: wanted } : null
}

/** The banner's state and buttons, kept as the page's banner keeps them. */
interface BannerControls {
  state: ReactivateState
  press: () => void
  back: () => void
}

/**
 * The page's banner logic on a sample answer (confirming, then reactivating answers at once): draws
 * through `onChange`, now and on every change.
 */
function startSampleBanner(onChange: (controls: BannerControls) => void) {
  reactivation(
    (state, press, back) => onChange({ state, press, back }),
    () =>
      Promise.resolve({
        status: 'reactivated',
        kind: 'churned',
        subscriptionId: 'sub_preview',
        message: 'Welcome back — your subscription is active again.',
      }),
  )
}

/** The subscribers' BannerView with the sample terms, in the previewed language. */
function renderBanner(
  mount: HTMLElement,
  copy: BannerCopy,
  props: PreviewProps,
  language: Localized,
  banner: BannerControls,
) {
  render(
    <BannerView
      copy={copy}
      terms={sampleTerms(copy, props, language.locale)}
      strings={language.strings}
      state={banner.state}
      onReactivate={banner.press}
      onBack={banner.back}
      onDismiss={noop}
      onClose={noop}
    />,
    mount,
  )
}

/**
 * The console's preview: the same FlowView and BannerView subscribers get, drawn inline (no overlay, no
 * focus taken) in a shadow root on `container`. A config change rebuilds the flow machine on the screen
 * being shown; a screen change alone starts one on the screen asked for.
 */
export const mountPreview: MountPreview = (container, initial) => {
  const document = container.ownerDocument
  const host: Host = { window: document.defaultView as Host['window'], document, script: null }
  const shadow = mountShadow(host, container)
  // Drawn in place rather than over a page or fixed at its bottom: the inline rules, INLINE_CSS.
  shadow.mount.className = 'i'
  const drawFlow = flowDrawer(shadow.mount, { onSaveConfirmation: noop })
  let props = initial
  let machine: FlowMachine
  let unsubscribe = noop
  // Started afresh whenever the banner comes back into view.
  let banner: BannerControls | null = null

  let language = localized(props)
  const bannerCopy = () =>
    props.variant === 'banner' ? (language.reactivation ?? DEFAULT_CONFIG.reactivation) : undefined
  const draw = () => {
    setLanguage(container, language)
    shadow.setCss(cssVariablesToText(themeToCssVariables(props.config.theme)) + INLINE_CSS)
    const copy = bannerCopy()
    if (!copy) return drawFlow(machine.getSnapshot(), machine.context, machine.send)
    if (!banner)
      return startSampleBanner((controls) => {
        banner = controls
        draw()
      })
    renderBanner(shadow.mount, copy, props, language, banner)
  }
  /** A machine on `screen` (else the first): every jump of the step switcher starts one afresh. */
  const start = (screen: FlowScreen | undefined) => {
    unsubscribe()
    language = localized(props)
    const current = createMachine(props, screen, language)
    machine = current
    unsubscribe = current.subscribe((snapshot) => {
      if (!bannerCopy()) drawFlow(snapshot, current.context, current.send)
      // Staying or closing ends a real flow; the preview starts over instead of freezing on a dead
      // screen (after this notification round, so every listener sees 'done' first).
      if (snapshot.done)
        Promise.resolve().then(() => {
          if (machine !== current) return
          start(undefined)
          draw()
        })
    })
  }

  start(parseScreen(props.screen) ?? undefined)
  draw()
  return {
    update(next) {
      const previous = props
      props = next
      if (next.variant !== previous.variant) banner = null
      const restart = restartOn(previous, next, () => machine.getSnapshot().screen)
      if (restart) start(restart.screen)
      draw()
    },
    destroy() {
      unsubscribe()
      render(null, shadow.mount)
      clearShadow(container.shadowRoot as ShadowRoot)
    },
  }
}
