import { render } from 'preact'
import { createWidgetApi } from '../api/client'
import { createTokens, tokenSubject } from '../api/token-source'
import type { Host, WidgetContext } from '../host/types'
import type { ReactivationOptions, ReactivationResult } from '../types'
import { mountShadow } from '../ui/shadow'
import { BannerView } from './banner-view'
import { dismissalKey, dismissedRecently, rememberDismissal } from './dismissal'

/**
 * The reactivation banner for a returning subscriber: asks the server whether they are paused, scheduled
 * to cancel or churned, and shows the banner if so, unless they dismissed it on this browser recently
 * (checked first, so a dismissed banner costs no request).
 */
export async function runReactivation(
  host: Host,
  context: WidgetContext,
  options: ReactivationOptions,
  register: (close: (() => void) | null) => void,
): Promise<ReactivationResult> {
  const { document } = host
  const api = createWidgetApi(host, context)
  const tokens = createTokens(options)
  const key = dismissalKey(context.accountId, tokenSubject(await tokens.get()))
  if (dismissedRecently(host, key)) return { shown: false }

  const [{ config }, answer] = await Promise.all([
    api.config(),
    tokens.use((token) => api.reactivation(token)),
  ])
  const copy = config.reactivation
  if (!answer.eligible || !copy?.enabled) return { shown: false }

  const element = document.createElement('div')
  element.setAttribute('data-retainkit', 'banner')
  const shadow = mountShadow(host, element, context.nonce)
  shadow.setTheme(config.theme)
  const close = () => {
    render(null, shadow.mount)
    element.remove()
    register(null)
  }
  const dismiss = () => {
    rememberDismissal(host, key)
    tokens
      .use((token) =>
        api.sendEvents(token, answer.sessionId, [{ step: 'banner_dismissed', at: new Date().toISOString() }]),
      )
      .catch(() => {})
    close()
    options.onDismiss?.()
  }
  const reactivate = async () => {
    const response = await tokens.use((token) => api.reactivationAccept(token, answer.sessionId))
    options.onReactivate?.(response)
    return response.message
  }

  document.body.appendChild(element)
  render(
    <BannerView
      copy={copy}
      offer={answer.offer}
      presentation="overlay"
      onReactivate={reactivate}
      onDismiss={dismiss}
      onClose={close}
    />,
    shadow.mount,
  )
  register(close)
  return { shown: true }
}
