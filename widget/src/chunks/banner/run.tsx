import type { ReactivationResponse, WidgetConfigResponse } from '@retainkit/shared/widget-api'
import { render } from 'preact'
import type { WidgetApi } from '../../api/client'
import type { Tokens } from '../../api/token-source'
import { BannerView } from '../../banner/banner-view'
import { reactivation } from '../../banner/terms'
import { localize, wantedLocales } from '../../flow/localize'
import type { Host } from '../../host/types'
import type { ReactivationOptions, ReactivationResult } from '../../types'
import { openSurface } from '../../ui/surface'

export type EligibleAnswer = Extract<ReactivationResponse, { eligible: true }>

/**
 * The reactivation banner for a returning subscriber the server found paused, scheduled to cancel or
 * churned (`answer`). A dismissal is the banner session's `banner_dismissed` step: the server keeps the
 * banner away from that customer for 30 days on every device, so nothing is stored in the subscriber's
 * browser. `onOpen` receives what closes it.
 */
export async function runBanner(
  host: Host,
  response: WidgetConfigResponse,
  answer: EligibleAnswer,
  options: ReactivationOptions,
  onOpen: (close: () => void) => void,
  tokens: Tokens,
  api: WidgetApi,
): Promise<ReactivationResult> {
  const language = localize(response, wantedLocales(host, await tokens.get(), options.locale))
  const { strings } = language
  const copy = language.reactivation
  // Never a banner that cannot say what it would charge.
  if (!answer.terms || !copy?.enabled) return { shown: false }
  const { sessionId } = answer

  const { mount, close } = openSurface(host, 'banner', language, response.themeCss)
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

export type RunBanner = typeof runBanner
