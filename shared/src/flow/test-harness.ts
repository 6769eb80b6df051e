import { vi } from 'vitest'
import type { CancelFlowConfig } from '../config/types'
import type { OfferType } from '../config/vocabulary'
import { EN_UI_STRINGS } from '../i18n/ui-strings'
import type { AcceptOfferResponse, CancelResponse, SessionEventInput } from '../widget-api'
import { plannedScreens, resolveFlowWords } from './copy'
import { planFlow } from './graph'
import { createFlowMachine } from './machine'
import { stepProgress } from './path'
import { ALL_OFFERS, TEST_REASONS, testConfig } from './test-config'
import type { FlowEffects, FlowMachine, FlowMachineOptions, FlowSnapshot, FlowSubscriber } from './types'

/** Test helpers: a machine wired to effects whose calls settle only when the test says so. */

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

export const SCHEDULED: CancelResponse = {
  status: 'scheduled',
  cancelAt: '2027-01-31T00:00:00Z',
  message: 'Your subscription ends on January 31, 2027.',
}

export const APPLIED: AcceptOfferResponse = {
  status: 'applied',
  mechanism: 'discount',
  mrrBefore: 4900,
  mrrAfter: 3920,
  message: 'Discount applied.',
}

type AcceptInput = Parameters<FlowEffects['acceptOffer']>[0]
type CancelInput = Parameters<FlowEffects['cancel']>[0]

/**
 * A machine's options, its plan made from the eligible offers and its words from the config, the
 * subscriber and the language, as the server (or the preview) makes them.
 */
export type PlannedOptions = Partial<Omit<FlowMachineOptions, 'plan' | 'words'>> & {
  eligibleOffers?: readonly OfferType[]
  config?: CancelFlowConfig
  subscriber?: FlowSubscriber
}

export function plannedMachine(options: PlannedOptions & Pick<FlowMachineOptions, 'effects'>) {
  const { eligibleOffers = ALL_OFFERS, config = testConfig(), subscriber, ...rest } = options
  const reasons = rest.reasons ?? TEST_REASONS
  const strings = rest.strings ?? EN_UI_STRINGS
  const plan = planFlow({ config, reasons, eligibleOffers, subscriber })
  return createFlowMachine({
    strings,
    ...rest,
    reasons,
    plan,
    words: resolveFlowWords({
      config,
      strings,
      locale: rest.locale ?? 'en-US',
      subscriber,
      plan,
      // What the server resolves, and the screen the test opens on when the plan has none such.
      screens: rest.initialScreen ? [...plannedScreens(plan), rest.initialScreen] : undefined,
    }),
  })
}

const counted = new WeakMap<FlowSnapshot, FlowSnapshot & { stepIndex: number; stepCount: number }>()

/** The current snapshot and its screen's step numbers (see `snap` below). */
export function withProgress(machine: FlowMachine) {
  const snapshot = machine.getSnapshot()
  let found = counted.get(snapshot)
  if (!found) {
    found = Object.freeze({ ...snapshot, ...stepProgress(machine.context.plan, snapshot.screen) })
    counted.set(snapshot, found)
  }
  return found
}

export function setup(overrides: PlannedOptions = {}) {
  const events: SessionEventInput[] = []
  const accepts: { input: AcceptInput; call: Deferred<AcceptOfferResponse> }[] = []
  const cancels: { input: CancelInput; call: Deferred<CancelResponse> }[] = []
  const effects = {
    acceptOffer: vi.fn((input: AcceptInput) => {
      const call = deferred<AcceptOfferResponse>()
      accepts.push({ input, call })
      return call.promise
    }),
    cancel: vi.fn((input: CancelInput) => {
      const call = deferred<CancelResponse>()
      cancels.push({ input, call })
      return call.promise
    }),
    record: vi.fn((event: SessionEventInput) => {
      events.push(event)
    }),
  }
  const machine = plannedMachine({ effects, ...overrides })
  return {
    machine,
    effects,
    events,
    accepts,
    cancels,
    send: machine.send,
    /**
     * The machine's snapshot with the place of its screen among the counted steps (shared
     * `stepProgress`: what the words' "Step x of y" says), the same object for the same snapshot.
     */
    snap: () => withProgress(machine),
  }
}
