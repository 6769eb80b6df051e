import { OFFER_TYPES, type OfferType } from '@retainkit/shared/vocabulary'
import { OFFER_LABELS } from '../../features/labels'
import { languageName } from '../../features/language-name'
import { COPY_SCREENS, type CopyField, copyFieldLabel } from './copy-screens'

/**
 * A config setting named as the editor names it: its section, then the label beside its field
 * (`copy.user_feedback.switched_competitor.headline` → "Copy › Feedback: switched to a competitor ›
 * Headline"). The flow history lists its differences with these; `field-labels.test.tsx` renders the
 * editor and checks every label here is the one shown beside the field with that path.
 */

/** Section titles, as the editor's section headings say them. */
const SECTIONS = {
  copy: 'Copy',
  reasons: 'Cancellation reasons',
  offers: 'Save offers',
  theme: 'Styling',
  flow: 'Flow',
  reactivation: 'Reactivation banner',
  compliance: 'Compliance',
  languages: 'Languages',
} as const

/** Labels of each offer's own settings; the switch, redirect field and lists are common below. */
const OFFER_SETTINGS: Readonly<Record<OfferType, Readonly<Record<string, string>>>> = {
  discount: {
    enabled: 'Offer a discount',
    amount: 'Discount',
    duration: 'For',
    promo_code: 'Stripe coupon ID (optional)',
  },
  pause: { enabled: 'Offer a pause', durations: 'Pause lengths' },
  plan_switch: { enabled: 'Offer a different plan', plans: 'Plans offered' },
  billing_cycle_switch: { enabled: 'Offer a different billing schedule', plans: 'Plans offered' },
  trial_extension: { enabled: 'Offer trialing subscribers a longer trial', days: 'Extend the trial by' },
  talk_to_us: { enabled: 'Offer a conversation with your support team', email: 'Support email address' },
}

/** Every other section's settings by path. */
const OTHER_SETTINGS: Readonly<Record<string, string>> = {
  'copy.cancel_reasons': `${SECTIONS.reasons} › Order in the cancel flow`,
  'theme.primary_color': `${SECTIONS.theme} › Primary colour (buttons)`,
  'theme.secondary_color': `${SECTIONS.theme} › Secondary colour (secondary actions)`,
  'theme.background_color': `${SECTIONS.theme} › Background colour`,
  'theme.text_color': `${SECTIONS.theme} › Text colour`,
  'theme.border_radius': `${SECTIONS.theme} › Corner radius`,
  'theme.font_family': `${SECTIONS.theme} › Font family`,
  'cancellation_flow.steps': `${SECTIONS.flow} › Steps, in the order subscribers see them`,
  'cancellation_flow.require_reason': `${SECTIONS.flow} › Require a reason before continuing`,
  'cancellation_flow.collect_feedback': `${SECTIONS.flow} › Collect written feedback`,
  'reactivation.enabled': `${SECTIONS.reactivation} › Show the reactivation banner to returning subscribers`,
  'reactivation.headline': `${SECTIONS.reactivation} › Headline`,
  'reactivation.subheadline': `${SECTIONS.reactivation} › Subheadline`,
  'reactivation.cta_primary': `${SECTIONS.reactivation} › Reactivate button`,
  'reactivation.cta_secondary': `${SECTIONS.reactivation} › Dismiss button`,
  'reactivation.winback_discount_percent': `${SECTIONS.reactivation} › Winback discount (churned subscribers)`,
  'reactivation.winback_discount_months': `${SECTIONS.reactivation} › Winback discount lasts`,
  'compliance.suppress_offers': `${SECTIONS.compliance} › Never show save offers (cancel flows only ask for a reason and confirm)`,
  'compliance.suppress_offers_in': `${SECTIONS.compliance} › No save offers for subscribers in`,
  'compliance.suppress_offers_when_unknown': `${SECTIONS.compliance} › No save offers when neither the token nor Stripe says where the subscriber lives`,
  'languages.default': `${SECTIONS.languages} › Default language`,
}

const copyLabel = (path: string): string | null => {
  const cut = path.lastIndexOf('.')
  const screen = COPY_SCREENS.find((entry) => entry.path === path.slice(0, cut))
  const field = path.slice(cut + 1) as CopyField
  if (!screen?.fields.includes(field)) return null
  return `${SECTIONS.copy} › ${screen.title} › ${copyFieldLabel(screen, field)}`
}

const offerLabel = (path: string): string | null => {
  const [offer, setting, ...rest] = path.split('.')
  if (rest.length > 0 || !OFFER_TYPES.includes(offer as OfferType) || !setting) return null
  const label =
    setting === 'redirect_template' ? 'Redirect URL (optional)' : OFFER_SETTINGS[offer as OfferType][setting]
  return label ? `${SECTIONS.offers} › ${OFFER_LABELS[offer as OfferType]} › ${label}` : null
}

/**
 * A translation is `languages.translations.<tag>.<flat key>`, its key itself dotted
 * (`copy.general.headline`): the language, then the key named like the setting it translates.
 */
const translationLabel = (path: string): string | null => {
  const match = /^languages\.translations\.([^.]+)(?:\.(.+))?$/.exec(path)
  if (!match) return null
  const [, tag, key] = match
  const inner = key ? (copyLabel(key)?.replace(`${SECTIONS.copy} › `, '') ?? key) : 'All translations'
  return `${SECTIONS.languages} › ${languageName(tag ?? '')} (${tag}) › ${inner}`
}

/** The setting at `path` in the editor's words; an unknown path (a newer setting) reads as itself. */
export function configFieldLabel(path: string): string {
  return (
    OTHER_SETTINGS[path] ??
    (path.startsWith('copy.') ? copyLabel(path) : null) ??
    offerLabel(path) ??
    translationLabel(path) ??
    path
  )
}
