import type { h, render } from 'preact'
import type { Dialog } from '../ui/dialog'
import type { openSurface } from '../ui/surface'

/**
 * Lazily loaded chunks (DESIGN: each subscriber surface beyond the cancel flow and the reactivation
 * banner — the payment prompt, … — is its own file, loaded only when the server names it). A chunk is an
 * ES module whose default export takes this runtime first (ChunkRuntime): Preact and the widget's frame, shared with the
 * bundle instead of copied (the chunk's build turns its imports of them into reads of what it is given;
 * rollup.config.mjs). The order is the contract: both sides list it from CHUNK_RUNTIME_NAMES.
 */
export type ChunkRuntime = [typeof h, typeof render, typeof Dialog, typeof openSurface]
export const CHUNK_RUNTIME_NAMES = ['h', 'render', 'Dialog', 'openSurface'] as const

/**
 * A runtime chunk's default export: the runtime's four, then its own arguments, all as arguments (the
 * cancel flow's chunks are called the same way, so the two calls compress alike in the bundle).
 */
export type ChunkEntry<A extends unknown[], R> = (...args: [...ChunkRuntime, ...A]) => R
