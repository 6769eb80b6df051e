import {
  CALL_FAILED_MESSAGE,
  createFlowMachine,
  type FlowOutcome,
  type FlowScreen,
  type FlowSnapshot,
} from '@retainkit/shared/flow'
import { render } from 'preact'
import { createWidgetApi, WidgetApiError } from '../api/client'
import { createEventQueue } from '../api/event-queue'
import { createTokens } from '../api/token-source'
import type { Host, WidgetContext } from '../host/types'
import { type CancelFlowOptions, FALLBACK_RESULT, type SessionResult, type ShowRequest } from '../types'
import { FlowView } from '../ui/flow-view'
import { mountShadow } from '../ui/shadow'
import { saveTextFile } from './save-file'

/** The machine's outcome as the merchant reads it: `type` becomes `outcome`, the rest is kept. */
const toResult = ({ type, ...rest }: FlowOutcome): SessionResult => ({ outcome: type, ...rest })

/** Aborted by the loader's fail-open timer: stop quietly, the loader has already let the click through. */
class Aborted extends Error {}

export interface OpenFlow {
  /** Closes the dialog as if the subscriber did (Retainkit.destroy). */
  close(): void
}

/**
 * One cancel session: config (cached per page) and session start, then the shared flow machine rendered
 * as a modal in an open shadow root. Anything that fails before the first screen is visible rejects, and
 * the loader fails open (the merchant's own cancel proceeds). Resolves when the dialog closes, when a
 * redirect offer navigates away, or 'fallback' when the server says the widget must step aside.
 */
export async function runCancelFlow(
  host: Host,
  context: WidgetContext,
  options: CancelFlowOptions,
  request: ShowRequest,
  register: (flow: OpenFlow | null) => void,
): Promise<SessionResult> {
  const { window, document } = host
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  const checkpoint = () => {
    if (request.signal.aborted) throw new Aborted('aborted')
  }

  const [{ config, reasons }, start] = await Promise.all([
    api.config(),
    tokens.use((token) =>
      api.startSession(token, {
        mode: context.mode,
        merchantHandlesOffers: !!options.handleOffer,
        merchantHandlesCancel: !!options.handleCancel,
      }),
    ),
  ])
  checkpoint()
  if (start.fallback) return FALLBACK_RESULT
  const { sessionId, subscriber } = start

  const events = createEventQueue(host, (batch, keepalive) =>
    tokens.use((token) => api.sendEvents(token, sessionId, batch, keepalive)),
  )
  // A billing call sends what is queued first, so the server sees the steps before their outcome.
  const billing = <T,>(call: (token: string) => Promise<T>) => {
    events.flush()
    return tokens.use(call)
  }

  // A merchant handler's error is for the developer (console); the subscriber reads a generic message.
  const merchant = async (run: () => unknown) => {
    try {
      await run()
    } catch (error) {
      window.console.warn('[Retainkit] handler failed:', error)
      throw new Error(CALL_FAILED_MESSAGE)
    }
  }

  let resolveResult: (result: SessionResult) => void = () => {}
  const result = new Promise<SessionResult>((resolve) => {
    resolveResult = resolve
  })
  let handover = false

  const machine = createFlowMachine({
    config,
    reasons,
    eligibleOffers: start.eligibleOffers,
    subscriber: subscriber
      ? {
          planId: subscriber.plan.priceId,
          planName: subscriber.plan.productName,
          periodEnd: subscriber.currentPeriodEnd,
        }
      : {},
    effects: {
      async acceptOffer({ offer, choice, reasonKey }) {
        if (options.handleOffer)
          await merchant(() => options.handleOffer?.({ offer, choice, reasonKey, sessionId, subscriber }))
        const body = {
          offer,
          choice,
          ...(reasonKey ? { reasonKey } : {}),
          handledByMerchant: !!options.handleOffer,
        }
        return billing((token) => api.accept(token, sessionId, body))
      },
      async cancel({ reasonKey, feedback }) {
        if (options.handleCancel)
          await merchant(() => options.handleCancel?.({ reasonKey, feedback, sessionId, subscriber }))
        const body = {
          ...(reasonKey ? { reasonKey } : {}),
          feedback,
          handledByMerchant: !!options.handleCancel,
        }
        try {
          return await billing((token) => api.cancel(token, sessionId, body))
        } catch (error) {
          // 409: no Stripe connection and no handleCancel: the merchant's own cancel page takes over.
          if (error instanceof WidgetApiError && error.status === 409) handover = true
          throw error
        }
      },
      record: (event) => events.push(event),
    },
  })

  const element = document.createElement('div')
  element.setAttribute('data-retainkit', 'cancel-flow')
  const shadow = mountShadow(host, element, context.nonce)
  shadow.setTheme(config.theme)

  let lastScreen: FlowScreen | null = null
  let announced: FlowOutcome | null = null
  const onPageHide = () => events.flush(true)

  const finish = (outcome: SessionResult) => {
    unsubscribe()
    events.flush(true)
    window.removeEventListener('pagehide', onPageHide)
    render(null, shadow.mount)
    element.remove()
    register(null)
    options.onClose?.()
    resolveResult(outcome)
  }

  const onSnapshot = (snapshot: FlowSnapshot) => {
    if (snapshot.screen !== lastScreen) {
      lastScreen = snapshot.screen
      options.onStepChange?.(snapshot.screen)
    }
    const { outcome } = snapshot
    if (handover) return finish(FALLBACK_RESULT)
    if (outcome && outcome !== announced) {
      announced = outcome
      const result = toResult(outcome)
      if (outcome.type === 'canceled') options.onCancel?.(result)
      if (outcome.type === 'saved') {
        options.onSave?.(result)
        const { response } = outcome
        if (response.status === 'redirect' && /^https?:/i.test(response.redirectUrl)) {
          finish(result)
          return window.location.assign(response.redirectUrl)
        }
      }
    }
    if (snapshot.done) finish(outcome ? toResult(outcome) : { outcome: 'closed' })
  }
  const unsubscribe = machine.subscribe(onSnapshot)

  checkpoint()
  document.body.appendChild(element)
  window.addEventListener('pagehide', onPageHide)
  render(
    <FlowView
      machine={machine}
      presentation="overlay"
      returnFocus={request.trigger}
      onSaveConfirmation={(text) => saveTextFile(host, 'cancellation-confirmation.txt', text)}
    />,
    shadow.mount,
  )
  register({ close: () => (machine.getSnapshot().done ? undefined : finish({ outcome: 'closed' })) })
  onSnapshot(machine.getSnapshot())
  request.onVisible()
  return result
}
