import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import { h, render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens } from '../api/token-source'
import type BannerEntry from '../chunks/banner/index'
import type { Host, WidgetContext } from '../host/types'
import type { ReactivationOptions, ReactivationResult } from '../types'
import { Dialog } from '../ui/dialog'
import { openSurface } from '../ui/surface'

/**
 * The reactivation banner for a returning subscriber, or a past-due subscriber's payment prompt: asks the
 * server, which names the chunk that draws what this subscriber needs (chunks/banner/,
 * chunks/payment-prompt/), and loads only that, called with the same arguments (the payment prompt's
 * entry takes the first nine). Nothing named: nothing to show. `onOpen` receives what closes it.
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
  const part = (answer as { prompt?: PaymentPrompt }).prompt ?? (answer as { chunk?: string })
  return part.chunk
    ? import(/* @vite-ignore */ part.chunk).then((chunk: { default: typeof BannerEntry }) =>
        chunk.default(
          h,
          render,
          Dialog,
          openSurface,
          host,
          response,
          part as never,
          options,
          onOpen,
          tokens,
          api,
        ),
      )
    : { shown: false }
}
