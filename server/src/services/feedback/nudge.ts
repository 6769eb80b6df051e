/**
 * The events call's way to ask for a write-in to be scored now rather than at the next periodic pass,
 * kept apart from the scoring code so the widget routes load none of it. Per database handle: two app
 * instances in one process (tests) each nudge their own worker.
 */
const nudges = new WeakMap<object, () => void>()

export function registerFeedbackNudge(db: object, nudge: () => void): () => void {
  nudges.set(db, nudge)
  return () => {
    if (nudges.get(db) === nudge) nudges.delete(db)
  }
}

/** Asks this process's insights pass to run soon; a no-op when no worker runs here (tests, scripts). */
export function nudgeFeedbackInsights(db: object): void {
  nudges.get(db)?.()
}
