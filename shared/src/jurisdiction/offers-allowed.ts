import type { CancelFlowConfig } from '../config/types'
import { type JurisdictionMode, offersBeforeCancelling } from './modes'
import { matchesJurisdiction, type SubscriberAddress } from './regions'

/**
 * Why a subscriber's flow shows no save offer for where they live, or null when where they live allows
 * them: the merchant's compliance switches (offers off everywhere, off in listed regions, off when the
 * address is unknown), then the session's jurisdiction mode. The server's eligibility decides with it
 * and the editor's "preview as a subscriber from …" shows what it decides.
 */
export function offersBlockedBy(input: {
  compliance: CancelFlowConfig['compliance']
  address: SubscriberAddress | null
  mode?: JurisdictionMode | undefined
  maxOffers?: number | null | undefined
}): 'compliance' | 'jurisdiction' | null {
  const { compliance, address } = input
  if (compliance?.suppress_offers) return 'compliance'
  if (matchesJurisdiction(compliance?.suppress_offers_in ?? [], address)) return 'compliance'
  if (compliance?.suppress_offers_when_unknown && !address?.country) return 'compliance'
  if (input.mode && !offersBeforeCancelling(input.mode, input.maxOffers)) return 'jurisdiction'
  return null
}
