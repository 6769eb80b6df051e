import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import { h, render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type PaymentPromptEntry from '../chunks/payment-prompt/index'
import { localize, wantedLocales } from '../flow/localize'
import type { Host, WidgetContext } from '../host/types'
import type { ReactivationOptions, ReactivationResult } from '../types'
import { Dialog } from '../ui/dialog'
import { openSurface } from '../ui/surface'
import { BannerView } from './banner-view'
import { reactivation } from './terms'

/**
 * The reactivation banner for a returning subscriber: asks the server whether they are paused, scheduled
 * to cancel or churned, and shows the banner if so. A dismissal is the banner session's
 * `banner_dismissed` step: the server keeps the banner away from that customer for 30 days on every
 * device, so nothing is stored in the subscriber's browser. `onOpen` receives what closes it.
 */
export async function runReactivation(
  host: Host,
  context: WidgetContext,
  options: ReactivationOptions,
  onOpen: (close: () => void) => void,
): Promise<ReactivationResult> {
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  const [response, answer] = await Promise.all([api.config(), tokens.use((token) => api.reactivation(token))])
  // A past-due subscriber: the payment prompt is its own chunk, loaded only now (called as the cancel
  // flow calls its chunks, so the two compress alike).
  const { prompt } = answer as { prompt?: PaymentPrompt }
  if (prompt)
    return import(/* @vite-ignore */ prompt.chunk).then((part: { default: typeof PaymentPromptEntry }) =>
      part.default(h, render, Dialog, openSurface, host, response, prompt, options, onOpen),
    )
  const language = localize(response, wantedLocales(host, await tokens.get(), options.locale))
  const { themeCss } = response
  const { strings } = language
  const copy = language.reactivation
  // Never a banner that cannot say what it would charge.
  if (!answer.eligible || !answer.terms || !copy?.enabled) return { shown: false }
  const { sessionId } = answer

  const { mount, close } = openSurface(host, 'banner', language, themeCss)
  // The server remembers the dismissal from this step (keepalive: it must arrive even if the page goes).
  const onDismiss = () => {
    tokens
      .use((token) =>
        api.act(
          token,
          sessionId,
          'events',
          { events: [{ step: 'banner_dismissed', at: new Date().toISOString() }] },
          true,
        ),
      )
      .catch(() => {})
    close()
    options.onDismiss?.()
  }

  reactivation(
    (state, onReactivate, onBack) =>
      render(
        <BannerView
          copy={copy}
          terms={answer.terms}
          strings={strings}
          state={state}
          onReactivate={onReactivate}
          onBack={onBack}
          onDismiss={onDismiss}
          onClose={close}
        />,
        mount,
      ),
    async () => {
      const response = await tokens.use((token) => api.reactivationAccept(token, sessionId))
      options.onReactivate?.(response)
      return response
    },
  )
  onOpen(close)
  return { shown: true }
}
