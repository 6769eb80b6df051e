import { describe, expect, it } from 'vitest'
import { seededRandom } from './allocation'
import { type ArmFigures, verdictOf } from './verdict'

/**
 * The verdict under repeated looks. Simulated A/A experiments — every arm with the same true save rate,
 * so any winner or any lift over the holdout is a false verdict — are read after every 10 finished
 * sessions, as a merchant reloading the page would, and stopped at the first conclusive claim. The
 * share of experiments that ever showed one must stay at or under 5 %. Seeded: the same figures on
 * every run.
 */

const EXPERIMENTS = 2_000
const SESSIONS = 1_000
const LOOK_EVERY = 10

interface Arm {
  holdout: boolean
  share: number
  sessions: number
  saves: number
}

/** The arm a draw in [0, 1) falls in, by the arms' shares. */
function pick(arms: readonly Arm[], draw: number): Arm {
  let below = 0
  for (const arm of arms) {
    below += arm.share
    if (draw < below) return arm
  }
  return arms.at(-1) as Arm
}

const figures = (arms: readonly Arm[]): ArmFigures[] =>
  arms.map((arm, index) => ({
    id: `arm${index}`,
    name: arm.holdout ? 'Holdout' : `Arm ${index}`,
    holdout: arm.holdout,
    sessions: arm.sessions,
    saves: arm.saves,
    durability: { decided30: 0, oldestSaveDays: 1, tracked: true },
  }))

/** Runs the A/A experiments; returns the share that ever gave a false verdict, and the claims seen. */
function falseVerdictRate(
  shares: ReadonlyArray<{ holdout: boolean; share: number }>,
  rate: number,
  seed: number,
) {
  const random = seededRandom(seed)
  let falseVerdicts = 0
  for (let experiment = 0; experiment < EXPERIMENTS; experiment++) {
    const arms: Arm[] = shares.map((arm) => ({ ...arm, sessions: 0, saves: 0 }))
    for (let session = 1; session <= SESSIONS; session++) {
      const arm = pick(arms, random())
      arm.sessions += 1
      if (random() < rate) arm.saves += 1
      if (session % LOOK_EVERY !== 0) continue
      const verdict = verdictOf(figures(arms))
      // A claim: a winner, or offers told apart from the holdout either way.
      if (verdict.conclusive || /over the holdout \(/.test(verdict.text)) {
        falseVerdicts += 1
        break
      }
    }
  }
  return falseVerdicts / EXPERIMENTS
}

describe('the verdict looked at after every 10 sessions of A/A experiments', () => {
  it('two arms at a 30 % save rate: at most 5 % of experiments ever show a winner', () => {
    const measured = falseVerdictRate(
      [
        { holdout: false, share: 0.5 },
        { holdout: false, share: 0.5 },
      ],
      0.3,
      38,
    )
    console.log(
      `A/A, 2 arms, 30 %: ${EXPERIMENTS} experiments, false verdicts ${(measured * 100).toFixed(2)} %`,
    )
    expect(measured).toBeLessThanOrEqual(0.05)
  })

  it('two arms and a 20 % holdout at a 20 % save rate: at most 5 % ever show a winner or a lift', () => {
    const measured = falseVerdictRate(
      [
        { holdout: false, share: 0.4 },
        { holdout: false, share: 0.4 },
        { holdout: true, share: 0.2 },
      ],
      0.2,
      3805,
    )
    console.log(
      `A/A, 2 arms + holdout, 20 %: ${EXPERIMENTS} experiments, false verdicts ${(measured * 100).toFixed(2)} %`,
    )
    expect(measured).toBeLessThanOrEqual(0.05)
  })
})
