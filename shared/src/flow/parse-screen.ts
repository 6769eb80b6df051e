import { FEEDBACK_CATEGORIES, OFFER_TYPES } from '../config/vocabulary'
import { type FlowScreen, SCREEN_KINDS } from './types'

const isIn = (list: readonly string[], value: unknown) => list.includes(value as string)

/**
 * A screen from outside the flow machine (the console's step switcher, through the preview), rebuilt
 * field by field as a frozen FlowScreen; null when a field is not one of ours. The machine trusts the
 * screens it is given (initialScreen): the preview checks them here first. Kept out of the
 * machine so the widget bundle, whose screens all come from the machine itself, does not carry it.
 */
export function parseScreen(value: unknown): FlowScreen | null {
  const { kind, category, offer } = (value ?? {}) as { kind?: unknown; category?: unknown; offer?: unknown }
  const parsed =
    kind === 'feedback'
      ? isIn(FEEDBACK_CATEGORIES, category) && { kind, category }
      : kind === 'offer' || kind === 'success'
        ? isIn(OFFER_TYPES, offer) && { kind, offer }
        : isIn(SCREEN_KINDS, kind) && { kind }
  return parsed ? Object.freeze(parsed as FlowScreen) : null
}
