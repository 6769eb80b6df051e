import { bindRuntime } from 'retainkit:chunk-runtime'
import type { CHUNK_RUNTIME } from '../runtime'
import { runPaymentPrompt } from './run'

/** Entry of payment-prompt.<hash>.js, an ES module the bundle imports when the server names it. */
export default (runtime: typeof CHUNK_RUNTIME, ...args: Parameters<typeof runPaymentPrompt>) => {
  bindRuntime(runtime)
  return runPaymentPrompt(...args)
}
