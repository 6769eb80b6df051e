import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The code map stays a map: one page, and every file or folder it or a README it links to names
// exists, so a move or a rename that forgets the docs fails here rather than misleading a newcomer.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const MAP = join(ROOT, 'ARCHITECTURE.md')
const MAX_MAP_LINES = 150

const CODE_EXTENSIONS = /\.(?:ts|tsx|mts|mjs|cjs|js|json|sql|md|sh|ya?ml|html|css|txt)$/
const PATH_LIKE = /^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*\/?$/

/** Inline code spans that name a repository path: a file with an extension, or anything with a slash. */
function namedPaths(markdown: string): string[] {
  const fenced = markdown.replace(/^```[\s\S]*?^```/gm, '')
  const spans = [...fenced.matchAll(/`([^`\n]+)`/g)].map((m) => (m[1] ?? '').trim())
  return [
    ...new Set(
      spans.filter(
        (span) =>
          PATH_LIKE.test(span) &&
          (span.includes('/') || CODE_EXTENSIONS.test(span)) &&
          // Build output is not in the repository.
          !/(?:^|\/)dist\//.test(span),
      ),
    ),
  ]
}

/** Relative Markdown links to other files (anchors and web addresses aside). */
function linkedFiles(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
}

/**
 * A name resolves from the document's folder or any folder above it, up to the repository root, or
 * from the `src/` of one of them (a package's README names its sources from there).
 */
function resolves(doc: string, name: string): boolean {
  // A bare file name in a folder's README: a file of that name in the repository (the map names paths).
  if (!name.includes('/') && doc !== MAP) return trackedNames().has(name)
  // An npm package's own subpath (`preact/compat`), not a repository path.
  const first = name.split('/')[0] ?? name
  if (name.includes('/') && !existsSync(join(ROOT, first)) && existsSync(join(ROOT, 'node_modules', first)))
    return true
  for (let dir = dirname(doc); ; dir = dirname(dir)) {
    // As written, or as an import names a module (without its extension).
    for (const path of [name, `${name}.ts`, `${name}.tsx`])
      if (existsSync(join(dir, path)) || (dir !== ROOT && existsSync(join(dir, 'src', path)))) return true
    if (dir === ROOT || dir === dirname(dir)) return false
  }
}

/** What a run writes (a sandbox's data folder) is named in the docs but ignored by git, not committed. */
function ignoredByGit(doc: string, name: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', join(dirname(doc), name)], { cwd: ROOT })
    return true
  } catch {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', name], { cwd: ROOT })
      return true
    } catch {
      return false
    }
  }
}

let names: Set<string> | undefined
const trackedNames = (): Set<string> => {
  names ??= new Set(
    execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
      .split('\n')
      .map((path) => path.slice(path.lastIndexOf('/') + 1)),
  )
  return names
}

/** The map and every Markdown file reached from it by links, however deep (a missing one included). */
const documents = (): string[] => {
  const found = [MAP]
  for (let i = 0; i < found.length; i++) {
    const from = found[i] ?? MAP
    if (!existsSync(from)) continue
    for (const target of linkedFiles(readFileSync(from, 'utf8'))) {
      const doc = join(dirname(from), target)
      if (doc.endsWith('.md') && doc.startsWith(ROOT) && !found.includes(doc)) found.push(doc)
    }
  }
  return found
}

describe('the code map', () => {
  it(`ARCHITECTURE.md stays one page (at most ${MAX_MAP_LINES} lines)`, () => {
    const lines = readFileSync(MAP, 'utf8').trimEnd().split('\n').length
    expect(lines).toBeLessThanOrEqual(MAX_MAP_LINES)
  })

  it('links only to files that exist', () => {
    const missing = documents().flatMap((doc) =>
      existsSync(doc)
        ? linkedFiles(readFileSync(doc, 'utf8'))
            .filter((target) => !existsSync(join(dirname(doc), target)))
            .map((target) => `${relative(ROOT, doc)} → ${target}`)
        : [`ARCHITECTURE.md → ${relative(ROOT, doc)}`],
    )
    expect(missing).toEqual([])
  })

  it('names only paths that exist, in the map and in every README reached from it', () => {
    const docs = documents()
    expect(docs.length).toBeGreaterThan(10)
    const missing = docs
      .filter((doc) => existsSync(doc))
      .flatMap((doc) =>
        namedPaths(readFileSync(doc, 'utf8'))
          .filter((name) => !resolves(doc, name) && !ignoredByGit(doc, name))
          .map((name) => `${relative(ROOT, doc)}: ${name}`),
      )
    expect(missing).toEqual([])
  })

  it('recognises paths and links the way the checks above rely on', () => {
    const text = [
      'See `server/src/app.ts`, `tier.ts`, `src/routes/` and `readBody` or `a.b.c`.',
      '`/api/widget/config/:id` and `server/dist/index.mjs` are not repository paths.',
      '```\nshared → nothing.ts\n```',
      '[map](ARCHITECTURE.md) [site](https://example.com) [part](server/README.md#tests)',
    ].join('\n')
    expect(namedPaths(text)).toEqual(['server/src/app.ts', 'tier.ts', 'src/routes/'])
    expect(linkedFiles(text)).toEqual(['ARCHITECTURE.md', 'server/README.md'])
    expect(resolves(join(ROOT, 'server/src/services/widget/README.md'), 'customer-lock.ts')).toBe(true)
    expect(resolves(join(ROOT, 'server/src/services/widget/README.md'), 'routes/widget/')).toBe(true)
    expect(resolves(MAP, 'customer-lock.ts')).toBe(false)
    expect(resolves(join(ROOT, 'server/README.md'), 'customer-lock.ts')).toBe(true)
    expect(resolves(join(ROOT, 'widget/src/README.md'), 'ui/dialog')).toBe(true)
    expect(resolves(join(ROOT, 'server/README.md'), 'no-such-file.ts')).toBe(false)
    expect(resolves(MAP, 'preact/compat')).toBe(true)
  })
})
