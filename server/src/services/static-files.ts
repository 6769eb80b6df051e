import { createHash } from 'node:crypto'
import { type Dirent, readdirSync, readFileSync } from 'node:fs'
import { extname, join, posix, relative, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** Files whose text may carry what the build could not know (html, xml, txt), e.g. the public URL. */
const TEXT_REWRITE_EXTENSIONS = new Set(['.html', '.xml', '.txt'])

/** Bytes of file contents one reader keeps in memory (the built front ends are ~2 MB in all). */
export const DEFAULT_STATIC_CACHE_BYTES = 8 * 1024 * 1024

export interface StaticFile {
  body: Uint8Array
  type: string
  etag: string
}

export interface StaticReaderOptions {
  /** Replaces every `from` with `to` in html, xml and txt files, once per file as it is first read. */
  replaceText?: { from: string; to: string }
  /** The most bytes of contents kept in memory; least recently served files go first. */
  maxBytes?: number
}

/** Every file under `root`, as posix paths relative to it. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>()
  let entries: Dirent[]
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true, encoding: 'utf8' })
  } catch {
    return files
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    files.add(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  }
  return files
}

/**
 * Reads built front-end files, confined to their root (no `..` escapes). What exists is listed once,
 * on the first read, so a request for a file that is not there costs a set lookup and stores nothing —
 * a flood of made-up paths cannot grow memory. Contents are kept in a byte-bounded LRU, with a content
 * ETag taken after any text replacement (a different replacement is a different ETag). Built assets do
 * not change while the process runs; a rebuild means a restart.
 */
export function createStaticReader(root: string, options: StaticReaderOptions = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_STATIC_CACHE_BYTES
  const cache = new Map<string, StaticFile>()
  let cachedBytes = 0
  let index: Set<string> | null = null
  const { replaceText } = options
  const contents = (full: string): Uint8Array => {
    const bytes = readFileSync(full)
    if (!replaceText || !TEXT_REWRITE_EXTENSIONS.has(extname(full).toLowerCase())) return bytes
    return Buffer.from(bytes.toString('utf8').replaceAll(replaceText.from, replaceText.to), 'utf8')
  }
  const remember = (key: string, file: StaticFile) => {
    // A file bigger than an eighth of the budget is served from disk each time rather than evict the rest.
    if (file.body.byteLength > maxBytes / 8) return
    cache.set(key, file)
    cachedBytes += file.body.byteLength
    for (const [oldest, entry] of cache) {
      if (cachedBytes <= maxBytes) break
      cache.delete(oldest)
      cachedBytes -= entry.body.byteLength
    }
  }
  return {
    root,
    read(relativePath: string): StaticFile | null {
      const key = posix.normalize(`/${relativePath.split(sep).join('/')}`).slice(1)
      const hit = cache.get(key)
      if (hit) {
        // Most recently used goes last: the Map's order is the eviction order.
        cache.delete(key)
        cache.set(key, hit)
        return hit
      }
      index ??= listFiles(root)
      if (!index.has(key)) return null
      const body = contents(join(root, key))
      const file: StaticFile = {
        body,
        type: TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      }
      remember(key, file)
      return file
    },
    /** What is held in memory (for tests and diagnostics). */
    stats(): { files: number; bytes: number } {
      return { files: cache.size, bytes: cachedBytes }
    },
    /** The paths held, least recently served first. */
    cachedPaths(): string[] {
      return [...cache.keys()]
    },
  }
}

export type StaticReader = ReturnType<typeof createStaticReader>
