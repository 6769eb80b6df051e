import { type FlowPlan, screenKey } from '@retainkit/shared/flow'

/** Screens as the widget reported them: `[screenKey, ms since the epoch]`. */
export type ScreenTrail = readonly (readonly [string, number])[]

/** A recorded step of a session, as sessionClicks reads it. */
export interface Click {
  step: string
  offer: string | null
  reason_key: string | null
  at: string | null
  received_at: string
}

/**
 * The screens a session showed, told from its recorded steps and the plan it started with, for a session
 * whose end came without the widget's own list (the bundle sends none: every byte of it is budgeted).
 * The reason screen at the start; then, along the chosen reason's path, the write-in once the reason was
 * left, each offer when its `offer_shown` arrived (a path stops at an offer never shown or accepted), and
 * the confirmation step when the session was cancelled, from the last answer before it. Times are the
 * browser's (the server's receipt when the browser gave none).
 */
export function trailFromClicks(
  plan: FlowPlan | null,
  clicks: readonly Click[],
  canceled: boolean,
): ScreenTrail {
  if (!plan || clicks.length === 0) return []
  const at = (click: Click) => Date.parse(click.at ?? click.received_at)
  const last = (step: string) => [...clicks].reverse().find((click) => click.step === step)
  const reason = last('reason_selected')
  const trail: [string, number][] = []
  let cursor = at(clicks[0] as Click)
  for (const screen of plan.paths[reason?.reason_key ?? ''] ?? plan.paths[''] ?? []) {
    if (screen.kind === 'reason') trail.push([screenKey(screen), cursor])
    else if (screen.kind === 'feedback') {
      const left = last('reason_continue') ?? reason
      if (!left) break
      cursor = at(left)
      trail.push([screenKey(screen), cursor])
    } else if (screen.kind === 'offer') {
      const shown = clicks.find((click) => click.step === 'offer_shown' && click.offer === screen.offer)
      if (!shown) break
      trail.push([screenKey(screen), at(shown)])
      const answer = clicks.find(
        (click) => click.offer === screen.offer && /^offer_(accepted|declined)$/.test(click.step),
      )
      if (!answer || answer.step === 'offer_accepted') break
      cursor = at(answer)
    } else if (screen.kind === 'confirm' && canceled) trail.push([screenKey(screen), cursor])
  }
  return trail
}
