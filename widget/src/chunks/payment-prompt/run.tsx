import type { PaymentPrompt } from '@retainkit/shared/widget-api'
import { render } from 'preact'
import type { Host } from '../../host/types'
import type { ReactivationOptions, ReactivationResult } from '../../types'
import { openSurface } from '../../ui/surface'
import { PromptView } from './prompt-view'

/**
 * The payment prompt chunk's entry: hands the prompt to the merchant's `onPaymentFailed` when there is
 * one (their own UI takes over), else draws the banner (or the wall) in its own part of the page.
 */
export function runPaymentPrompt(
  host: Host,
  themeCss: string,
  prompt: PaymentPrompt,
  options: ReactivationOptions,
  onOpen: (close: () => void) => void,
): ReactivationResult {
  if (options.onPaymentFailed) {
    const { link, pauseLink, mode, amount, words } = prompt
    options.onPaymentFailed({ link, pauseLink, mode, amount, words })
    return { shown: false }
  }
  const { mount, close } = openSurface(host, 'payment-prompt', prompt, themeCss)
  const dismiss = () => {
    close()
    options.onDismiss?.()
  }
  render(<PromptView prompt={prompt} overlay={prompt.mode === 'wall'} onDismiss={dismiss} />, mount)
  onOpen(close)
  return { shown: true }
}

export type RunPaymentPrompt = typeof runPaymentPrompt
