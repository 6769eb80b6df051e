import { bindRuntime } from 'retainkit:chunk-runtime'
import type { ChunkArgs } from '../types'
import { runScheduled } from './run'

/**
 * Entry of scheduled.<hash>.js, imported by the cancel flow when the session answer's
 * `scheduledCancellation` names it (called as the jurisdiction chunks are). Only Preact is the bundle's
 * (bound here); the banner's view and its dialog frame are built into this chunk.
 */
export default function scheduled(...[h, render, mount, start, tokens, api, strings, , finish]: ChunkArgs) {
  bindRuntime([h, render])
  runScheduled(mount, start, tokens, api, strings, finish)
}
