import type { Article } from '../types'
import { cookies } from './cookies'
import { dpa } from './dpa'
import { privacy } from './privacy'
import { subprocessors } from './subprocessors'
import { terms } from './terms'

export type LegalRoute = 'terms' | 'privacy' | 'cookies' | 'dpa' | 'subprocessors'

/** The legal pages, keyed by route name. */
export const LEGAL_PAGES: Record<LegalRoute, Article> = {
  terms,
  privacy,
  cookies,
  dpa,
  subprocessors,
}
