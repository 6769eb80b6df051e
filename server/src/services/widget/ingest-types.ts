import type { SessionEventInput } from '@retainkit/shared/widget-api'
import type { SessionState, Transition } from './session-state'

// What the events call (event-ingest.ts) and its grouping of concurrent calls (ingest-groups.ts) both
// speak of: a leaf, so neither imports the other back.

/** What the events call knows of a session: whose it is and its state, and how it knows. */
export interface KnownSession {
  id: string
  accountId: string
  customerId: string
  state: SessionState
  basis: 'memory' | 'guess' | 'read'
}

/** One call's write: the state machine's verdict and the batch it stores. */
export interface Write {
  transition: Transition
  events: readonly SessionEventInput[]
  now: Date
}
