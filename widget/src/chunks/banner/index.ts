import { bindRuntime } from 'retainkit:chunk-runtime'
import type { ChunkEntry } from '../runtime'
import { type RunBanner, runBanner } from './run'

type Args = Parameters<RunBanner>

/**
 * Entry of banner.<hash>.js, an ES module the bundle imports when the reactivation answer names it
 * (called as the payment prompt is): the bundle's runtime, then the host, the config answer, the
 * reactivation answer, the options, what receives the close, the token source and the API client.
 */
const entry: ChunkEntry<Args, ReturnType<RunBanner>> = (h, render, Dialog, openSurface, ...args) => {
  bindRuntime([h, render, Dialog, openSurface])
  return runBanner(...args)
}
export default entry
