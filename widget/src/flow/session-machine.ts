import { createFlowMachine, type FlowMachine, type FlowMachineOptions } from '@retainkit/shared/flow'
import type { AcceptOfferResponse, CancelResponse, SessionStartResponse } from '@retainkit/shared/widget-api'
import type { WidgetApi } from '../api/client'
import { createEventQueue, type EventQueue } from '../api/event-queue'
import type { Tokens } from '../api/token-source'
import type { Host } from '../host/types'
import type { CancelFlowOptions } from '../types'

export type StartedSession = Extract<SessionStartResponse, { fallback: false }>

export interface SessionMachine {
  machine: FlowMachine
  events: EventQueue
}

/** A billing call that has not answered by then counts as failed: a hung request must not trap anyone. */
export const BILLING_TIMEOUT_MS = 15_000

/**
 * The shared flow machine wired to one started session: offers and cancellations go to the widget API
 * (after the merchant's handleOffer/handleCancel when given), steps are batched to the events call.
 * `base` is the reasons, the widget's words and (when the flow was shown before the session started) the
 * screen the subscriber is already on; the session's answer brings the plan the server made for this
 * subscriber and its words. `onCancelFailed` hears of every failed cancellation.
 */
export function createSessionMachine(
  host: Host,
  api: WidgetApi,
  tokens: Tokens,
  options: CancelFlowOptions,
  { sessionId, subscriber, plan, words }: StartedSession,
  base: Pick<FlowMachineOptions, 'reasons' | 'initialScreen' | 'strings' | 'locale'>,
  onCancelFailed: () => void = () => {},
): SessionMachine {
  const { handleOffer, handleCancel } = options
  const events = createEventQueue(host, (batch, keepalive) =>
    tokens.use((token) => api.act(token, sessionId, 'events', { events: batch }, keepalive)),
  )
  /**
   * The merchant's handler first when there is one, with the session's ids (its error is for the
   * developer, on the console; the subscriber reads the generic message, in their language: an error
   * without words), then the call, once the steps queued or on their way have been answered: the server
   * refuses steps after a session's end, so the outcome must not overtake them. The timeout covers that
   * wait too. The call's body is the machine's input, saying whether the merchant handled it.
   */
  const billing = async <I extends { reasonKey: string | null }, T>(
    handler: ((input: I & { sessionId: string; subscriber: typeof subscriber }) => unknown) | undefined,
    input: I,
    action: 'accept' | 'cancel',
  ) => {
    if (handler) {
      try {
        await handler({ ...input, sessionId, subscriber })
      } catch (error) {
        host.window.console.warn('[Retainkit] handler failed:', error)
        throw new Error()
      }
    }
    const body = { ...input, reasonKey: input.reasonKey ?? undefined, handledByMerchant: !!handler }
    return new Promise<T>((resolve, reject) => {
      host.window.setTimeout(() => reject(new Error()), BILLING_TIMEOUT_MS)
      events
        .flush()
        .then(() => tokens.use((token) => api.act(token, sessionId, action, body) as Promise<T>))
        .then(resolve, reject)
    })
  }
  const session: SessionMachine = {
    events,
    machine: createFlowMachine({
      ...base,
      plan,
      words,
      effects: {
        acceptOffer: (input) => billing<typeof input, AcceptOfferResponse>(handleOffer, input, 'accept'),
        cancel: (input) =>
          billing<typeof input, CancelResponse>(handleCancel, input, 'cancel').catch((error) => {
            onCancelFailed()
            // 409: the server cannot cancel here (no Stripe, no handleCancel): the merchant's cancel must.
            if (error?.status === 409) error.handOver = true
            throw error
          }),
        record: (event) => events.push(event),
      },
    }),
  }
  return session
}
