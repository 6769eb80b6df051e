import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AppDeps } from '../../deps'

/**
 * The widget's lazily loaded chunks (widget/src/chunks/: the statutory page, the question after a
 * cancellation, the payment prompt, …): each a content-hashed file under /w/, named in the widget
 * build's sizes.json. The server names the chunk a subscriber needs in its answer; the bundle imports
 * it only then.
 */
const chunkFiles = new Map<string, string>()

/** The content-hashed file of a widget chunk (null when the widget is not built with it). */
export function widgetChunkFile(widgetRoot: string, name: string): string | null {
  const key = `${widgetRoot}\u0000${name}`
  const cached = chunkFiles.get(key)
  if (cached) return cached
  let file: string | null = null
  try {
    const sizes = JSON.parse(readFileSync(join(widgetRoot, 'sizes.json'), 'utf8')) as {
      chunks?: Record<string, { file?: string }>
    }
    file = sizes.chunks?.[name]?.file ?? null
  } catch {
    file = null
  }
  // A missing build is looked for again next time (the widget may be built while the server runs).
  if (file) chunkFiles.set(key, file)
  return file
}

/** The absolute URL the bundle imports a widget chunk from (undefined when the widget is built without it). */
export function widgetChunkUrl(
  deps: Pick<AppDeps, 'staticRoots' | 'config'>,
  name: string,
): string | undefined {
  const file = widgetChunkFile(deps.staticRoots.widget, name)
  return file ? `${deps.config.publicUrl}/w/${file}` : undefined
}
