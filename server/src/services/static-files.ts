import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'

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

export interface StaticFile {
  body: Uint8Array
  type: string
  etag: string
}

export interface StaticReaderOptions {
  /** Replaces every `from` with `to` in html, xml and txt files, once per file as it is first read. */
  replaceText?: { from: string; to: string }
}

/**
 * Reads built front-end files, confined to their root (no `..` escapes), cached in memory with a
 * content ETag taken after any text replacement, so a different replacement is a different ETag.
 * Built assets do not change while the process runs; a rebuild means a restart.
 */
export function createStaticReader(root: string, options: StaticReaderOptions = {}) {
  const cache = new Map<string, StaticFile | null>()
  const { replaceText } = options
  const contents = (full: string): Uint8Array => {
    const bytes = readFileSync(full)
    if (!replaceText || !TEXT_REWRITE_EXTENSIONS.has(extname(full).toLowerCase())) return bytes
    return Buffer.from(bytes.toString('utf8').replaceAll(replaceText.from, replaceText.to), 'utf8')
  }
  return {
    root,
    read(relativePath: string): StaticFile | null {
      const cached = cache.get(relativePath)
      if (cached !== undefined) return cached
      const full = normalize(join(root, relativePath))
      let file: StaticFile | null = null
      if ((full === root || full.startsWith(root.endsWith(sep) ? root : root + sep)) && existsSync(full)) {
        if (statSync(full).isFile()) {
          const body = contents(full)
          file = {
            body,
            type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
            etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          }
        }
      }
      cache.set(relativePath, file)
      return file
    },
  }
}

export type StaticReader = ReturnType<typeof createStaticReader>
