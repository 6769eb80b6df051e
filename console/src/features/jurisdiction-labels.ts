import type { JurisdictionMode } from '@retainkit/shared/jurisdiction'

/** Each jurisdiction mode in the merchant's words (the session's evidence, the editor's preview). */
export const JURISDICTION_MODE_LABELS: Readonly<Record<JurisdictionMode, string>> = {
  standard: 'Standard flow (offers beside a way to cancel)',
  offers_after_cancel: 'Offers only after the cancellation',
  statutory_button: 'Statutory cancellation page (no offers)',
  offer_cap: 'Capped screens and offers',
}

/** The same, short: a column of the Sessions list and its filter. */
export const JURISDICTION_MODE_SHORT: Readonly<Record<JurisdictionMode, string>> = {
  standard: 'Standard',
  offers_after_cancel: 'Offers after cancellation',
  statutory_button: 'Statutory page',
  offer_cap: 'Offer cap',
}

export const jurisdictionModeLabel = (mode: string): string =>
  JURISDICTION_MODE_LABELS[mode as JurisdictionMode] ?? mode
