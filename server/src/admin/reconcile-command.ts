import type { AppDeps } from '../deps'
import {
  type ReconcileOutcome,
  reconcileAccounts,
  reconcileOutcomeLine,
  reconcileStartLine,
  reconcileSummaryLine,
} from './reconcile'

/**
 * The CLI side of `npm run admin -- reconcile [account]`: through the running server when there is one
 * (its answer comes once every account is done), else on the database itself, printing each account as
 * it finishes. Failed accounts go to stderr and make the exit code 1.
 */

/** A pass over many accounts takes as long as Stripe does: the server is given this long to answer. */
export const RECONCILE_ANSWER_TIMEOUT_MS = 30 * 60_000

type ServerAnswer = { ok: boolean; value: unknown } | null

export async function runReconcileCommand(
  account: string | undefined,
  io: { out(line: string): void; err(line: string): void },
  askServer: () => Promise<ServerAnswer>,
  openDeps: () => Promise<{ deps: AppDeps; close(): Promise<void> }>,
): Promise<number> {
  const print = (outcome: ReconcileOutcome) =>
    (outcome.error === null ? io.out : io.err)(reconcileOutcomeLine(outcome))
  const answered = await askServer()
  if (answered && !answered.ok) {
    io.err(String(answered.value))
    return 1
  }
  let outcomes: ReconcileOutcome[]
  if (answered) {
    outcomes = (answered.value as { accounts: ReconcileOutcome[] }).accounts
    io.out(reconcileStartLine(account, outcomes.length))
    for (const outcome of outcomes) print(outcome)
  } else {
    const { deps, close } = await openDeps()
    try {
      outcomes = (
        await reconcileAccounts(deps, account, {
          starting: (targets) => io.out(reconcileStartLine(account, targets.length)),
          done: print,
        })
      ).accounts
    } finally {
      await close()
    }
  }
  io.out(reconcileSummaryLine(outcomes))
  return outcomes.some((outcome) => outcome.error !== null) ? 1 : 0
}
