import { runScheduled } from '../chunks/scheduled/run'
import type { ChunkArgs } from '../chunks/types'

/**
 * The scheduled chunk as the unit tests load it (its built entry binds the bundle's Preact through the
 * chunk build's runtime module, which exists only in that build; here Preact is the tests' own).
 */
export default function scheduled(...[, , mount, start, tokens, api, strings, , finish]: ChunkArgs) {
  runScheduled(mount, start, tokens, api, strings, finish)
}

/** What a session answer names for it in the unit tests (a path from the root vitest serves). */
export const SCHEDULED_CHUNK = new URL('./scheduled-chunk.ts', import.meta.url).pathname
