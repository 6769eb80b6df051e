/**
 * The Sessions page's vocabulary (issue 33): how a session ended, what kind it was, how many a page
 * holds. Zod-free, so the console reads it cheaply; the schemas are in schemas/sessions.ts.
 */

/** A session's outcome, as cancel_sessions.status records it. */
export const SESSION_OUTCOMES = ['open', 'saved', 'stayed', 'canceled', 'abandoned'] as const
export type SessionOutcome = (typeof SESSION_OUTCOMES)[number]

/** A cancel-flow session, or a reactivation banner's. */
export const SESSION_KINDS = ['cancel', 'reactivation'] as const
export type SessionKind = (typeof SESSION_KINDS)[number]

export const SESSION_PAGE_SIZE = 25
export const SESSION_PAGE_MAX = 100

/** The CSV of the filtered view stops here (and says so), like the raw export. */
export const SESSION_CSV_MAX_ROWS = 50_000

/** The longest search a page sends: an e-mail address or a customer id, or the start of one. */
export const SESSION_SEARCH_MAX = 200
