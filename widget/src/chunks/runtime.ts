import { h, render } from 'preact'
import { Dialog } from '../ui/dialog'
import { openSurface } from '../ui/surface'

/**
 * Lazily loaded chunks (DESIGN: each subscriber surface beyond the cancel flow and the reactivation
 * banner — the payment prompt, … — is its own file, loaded only when the server names it). A chunk is an
 * ES module whose default export takes this runtime first: Preact and the widget's frame, shared with the
 * bundle instead of copied (the chunk's build turns its imports of them into reads of what it is given;
 * rollup.config.mjs). The order is the contract: both sides list it from CHUNK_RUNTIME_NAMES.
 */
export const CHUNK_RUNTIME = [h, render, Dialog, openSurface] as const
export const CHUNK_RUNTIME_NAMES = ['h', 'render', 'Dialog', 'openSurface'] as const

/** A chunk's default export: the runtime, then its own arguments. */
export type ChunkEntry<A extends unknown[], R> = (runtime: typeof CHUNK_RUNTIME, ...args: A) => R
