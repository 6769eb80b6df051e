import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import { buildRedirectUrl, type RedirectValues } from '@retainkit/shared/flow'
import type { OfferType } from '@retainkit/shared/vocabulary'

/**
 * Where accepting an offer sends the subscriber instead of Retainkit changing the subscription: the
 * offer's redirect_template, and for "talk to us" without one, a mail link to the merchant's support.
 * Undefined when the offer has no destination; null when a template fills into something that is not
 * an http(s) URL (refused, never followed).
 */
export function offerDestination(
  offer: OfferType,
  config: CancelFlowConfig,
  values: RedirectValues,
): string | null | undefined {
  const template = config[offer].redirect_template
  if (template) return buildRedirectUrl(template, values)
  // The address passed the shared email rule on save, so it cannot carry a query or another scheme.
  if (offer === 'talk_to_us' && config.talk_to_us.email) return `mailto:${config.talk_to_us.email}`
  return undefined
}

export const hasDestination = (offer: OfferType, config: CancelFlowConfig): boolean =>
  offerDestination(offer, config, {}) !== undefined
