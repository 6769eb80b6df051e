import { type RunBanner, runBanner } from '../chunks/banner/run'
import type { ChunkRuntime } from '../chunks/runtime'

/**
 * The banner chunk as the unit tests load it (its built entry binds the bundle's runtime through the
 * chunk build's runtime module, which exists only in that build; here Preact is the tests' own).
 */
export default function banner(...[, , , , ...args]: [...ChunkRuntime, ...Parameters<RunBanner>]) {
  return runBanner(...args)
}

/** What a reactivation answer names for it in the unit tests (a path from the root vitest serves). */
export const BANNER_CHUNK = new URL('./banner-chunk.ts', import.meta.url).pathname
