import { CHANGES, type ChangeTable, changesAbove, type Json, type WidgetCall } from './changes'

/**
 * Another version's name for a file this build serves under /w/ (a lazily loaded chunk named in an
 * answer): the file of the same chunk in that version's archived release, or null to leave it.
 */
export type AssetRewrite = (url: string, version: number) => string | null

/** Whether answering `call` in `version` changes anything but chunk addresses (else the bytes are served as they are). */
export function answerChanges(call: WidgetCall, version: number): boolean {
  return changesAbove(version).some((change) => change.answers?.[call] !== undefined)
}

export function requestChanges(call: WidgetCall, version: number): boolean {
  return changesAbove(version).some((change) => change.requests?.[call] !== undefined)
}

const CHUNK_ADDRESS = /\/w\/[a-z][a-z-]*\.[0-9a-f]{8,}\.js$/

/** Every string of `value` that addresses a chunk of this build, put through `rewrite`. */
function rewriteAssets(value: Json, version: number, rewrite: AssetRewrite): Json {
  if (typeof value === 'string') return CHUNK_ADDRESS.test(value) ? (rewrite(value, version) ?? value) : value
  if (Array.isArray(value)) return value.map((item) => rewriteAssets(item, version, rewrite))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rewriteAssets(item, version, rewrite)]),
    )
  return value
}

/**
 * This server's answer to `call`, as a widget of `version` reads it: each change above `version`,
 * newest first, then the chunks it names swapped for that version's own (a chunk shares the bundle's
 * shortened property names, so only its own release's chunk works with a bundle).
 */
export function adaptAnswer(
  call: WidgetCall,
  answer: Json,
  version: number,
  rewrite?: AssetRewrite,
  table: ChangeTable = CHANGES,
): Json {
  if (version >= table.newest) return answer
  let adapted = answer
  for (const change of changesAbove(version, table)) {
    const down = change.answers?.[call]
    if (down) adapted = down(adapted)
  }
  return rewrite ? rewriteAssets(adapted, version, rewrite) : adapted
}

/** A request a widget of `version` sent to `call`, in this server's shape: each change above it, oldest first. */
export function upgradeRequest(
  call: WidgetCall,
  body: Json,
  version: number,
  table: ChangeTable = CHANGES,
): Json {
  let upgraded = body
  for (const change of changesAbove(version, table).reverse()) {
    const up = change.requests?.[call]
    if (up) upgraded = up(upgraded)
  }
  return upgraded
}
