import type { CancelFlowConfig, CancellationReason } from '@retainkit/shared/config-types'
import {
  CALL_FAILED_MESSAGE,
  createFlowMachine,
  type FlowMachine,
  type FlowScreen,
} from '@retainkit/shared/flow'
import type { SessionStartResponse } from '@retainkit/shared/widget-api'
import { type WidgetApi, WidgetApiError } from '../api/client'
import { createEventQueue, type EventQueue } from '../api/event-queue'
import type { Tokens } from '../api/token-source'
import type { Host } from '../host/types'
import type { CancelFlowOptions } from '../types'

export type StartedSession = Extract<SessionStartResponse, { fallback: false }>

export interface SessionMachine {
  machine: FlowMachine
  events: EventQueue
  /** Set when the server could not cancel (409: no Stripe, no handleCancel): the merchant takes over. */
  handedOver(): boolean
}

interface SessionMachineOptions {
  host: Host
  api: WidgetApi
  tokens: Tokens
  options: CancelFlowOptions
  session: StartedSession
  config: CancelFlowConfig
  reasons: readonly CancellationReason[]
  /** The screen the subscriber is already on (when the flow was shown before the session started). */
  initialScreen?: FlowScreen
}

/**
 * The shared flow machine wired to one started session: offers and cancellations go to the widget API
 * (after the merchant's handleOffer/handleCancel when given), steps are batched to the events call.
 */
export function createSessionMachine({
  host,
  api,
  tokens,
  options,
  session,
  config,
  reasons,
  initialScreen,
}: SessionMachineOptions): SessionMachine {
  const { sessionId, subscriber } = session
  let handover = false
  const events = createEventQueue(host, (batch, keepalive) =>
    tokens.use((token) => api.sendEvents(token, sessionId, batch, keepalive)),
  )
  // A billing call sends what is queued first, so the server sees the steps before their outcome.
  const billing = <T>(call: (token: string) => Promise<T>) => {
    events.flush()
    return tokens.use(call)
  }
  // A merchant handler's error is for the developer (console); the subscriber reads a generic message.
  const merchant = async (run: () => unknown) => {
    try {
      await run()
    } catch (error) {
      host.window.console.warn('[Retainkit] handler failed:', error)
      throw new Error(CALL_FAILED_MESSAGE)
    }
  }

  const machine = createFlowMachine({
    config,
    reasons,
    eligibleOffers: session.eligibleOffers,
    subscriber: subscriber
      ? {
          planId: subscriber.plan.priceId,
          planName: subscriber.plan.productName,
          periodEnd: subscriber.currentPeriodEnd,
        }
      : {},
    initialScreen,
    effects: {
      async acceptOffer({ offer, choice, reasonKey }) {
        const { handleOffer } = options
        if (handleOffer)
          await merchant(() => handleOffer({ offer, choice, reasonKey, sessionId, subscriber }))
        const body = { offer, choice, ...(reasonKey ? { reasonKey } : {}), handledByMerchant: !!handleOffer }
        return billing((token) => api.accept(token, sessionId, body))
      },
      async cancel({ reasonKey, feedback }) {
        const { handleCancel } = options
        if (handleCancel) await merchant(() => handleCancel({ reasonKey, feedback, sessionId, subscriber }))
        const body = { ...(reasonKey ? { reasonKey } : {}), feedback, handledByMerchant: !!handleCancel }
        try {
          return await billing((token) => api.cancel(token, sessionId, body))
        } catch (error) {
          if (error instanceof WidgetApiError && error.status === 409) handover = true
          throw error
        }
      },
      record: (event) => events.push(event),
    },
  })
  return { machine, events, handedOver: () => handover }
}
