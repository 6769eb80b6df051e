import type { FlowMachine } from '@retainkit/shared/flow'
import type { UiStrings } from '@retainkit/shared/ui-strings'
import type { h, render } from 'preact'
import type { WidgetApi } from '../api/client'
import type { Tokens } from '../api/token-source'
import type { StartedSession } from '../flow/session-machine'
import type { SessionResult } from '../types'

/**
 * What the cancel flow hands a lazily loaded chunk (`import(start.jurisdiction.chunk)`): the bundle's
 * own Preact (a chunk carries none of its own, so it stays small), the dialog's mount, the session's
 * answer, the token source and API client, the running flow and what ends the session.
 *
 * Handed over as arguments in this order (ChunkArgs), not as an object: the keys would cost the
 * budgeted bundle bytes. The bundle's minifier shortens some property names
 * (src/build/private-properties.json): a chunk is built apart, so it reads only names that are never
 * shortened (`subscribe`, `result`, `use`, `act`, the server's answer's fields).
 */
export interface ChunkContext {
  h: typeof h
  render: typeof render
  mount: HTMLElement
  start: StartedSession
  tokens: Tokens
  api: WidgetApi
  /** The widget's words in the subscriber's language (close, a failed call). */
  strings: UiStrings
  /** The flow machine of this session (its screens stay drawn by the bundle until the chunk draws). */
  flow: FlowMachine
  /** Ends the session: the dialog goes, the merchant's promise gets `result`. */
  finish: (result: SessionResult) => void
}

export type ChunkArgs = [
  h: ChunkContext['h'],
  render: ChunkContext['render'],
  mount: ChunkContext['mount'],
  start: ChunkContext['start'],
  tokens: ChunkContext['tokens'],
  api: ChunkContext['api'],
  strings: ChunkContext['strings'],
  flow: ChunkContext['flow'],
  finish: ChunkContext['finish'],
]

/** A chunk's default export. */
export type Chunk = (...args: ChunkArgs) => void
