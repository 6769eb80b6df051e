import { bindRuntime } from 'retainkit:chunk-runtime'
import type { ChunkEntry } from '../runtime'
import { type RunPaymentPrompt, runPaymentPrompt } from './run'

type Args = Parameters<RunPaymentPrompt>

/**
 * Entry of payment-prompt.<hash>.js, an ES module the bundle imports when the reactivation answer names
 * it: the bundle's runtime, then the host, the config answer (its theme), the prompt, the options and
 * what receives the close.
 */
const entry: ChunkEntry<
  [Args[0], { themeCss: string }, Args[2], Args[3], Args[4]],
  ReturnType<RunPaymentPrompt>
> = (h, render, Dialog, openSurface, host, config, prompt, options, onOpen) => {
  bindRuntime([h, render, Dialog, openSurface])
  return runPaymentPrompt(host, config.themeCss, prompt, options, onOpen)
}
export default entry
