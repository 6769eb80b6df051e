/**
 * The events call's way to ask for a write-in to be scored now rather than at the next periodic pass,
 * and to say that subscribers' calls are coming in (scoring then waits for a quiet moment), kept apart
 * from the scoring code so the widget routes load none of it. Per database handle: two app instances in
 * one process (tests) each nudge their own worker.
 */
const nudges = new WeakMap<object, () => void>()
const lastCalls = new WeakMap<object, number>()

export function registerFeedbackNudge(db: object, nudge: () => void): () => void {
  nudges.set(db, nudge)
  return () => {
    if (nudges.get(db) === nudge) nudges.delete(db)
  }
}

/** Records an events call (every one, with or without a write-in) and, after a write-in, asks this
 * process's insights pass to run soon; the nudge is a no-op when no worker runs here (tests, scripts). */
export function noteEventsCall(db: object, wroteIn: boolean, now = Date.now()): void {
  lastCalls.set(db, now)
  if (wroteIn) nudges.get(db)?.()
}

/** When this process last stored a subscriber's events (0: never). */
export const lastEventsCallAt = (db: object): number => lastCalls.get(db) ?? 0
