// Which server test files never reach a database switch: their import graph (relative imports within
// the server package) contains no mention of TEST_DB, TEST_DATABASE_URL or the injected test database
// URL. Such a file runs the same on PGlite and on PostgreSQL, so the PostgreSQL project of the server
// suite leaves it out (vitest.config.ts) instead of running it a second time for nothing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+)\1/g
const DATABASE_SWITCH = /\bTEST_DB\b|\bTEST_DATABASE_URL\b|\btestDatabaseUrl\b/

function* files(dir) {
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

const resolveImport = (from, spec) => {
  const base = resolve(dirname(from), spec)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]
  return candidates.find((path) => existsSync(path) && statSync(path).isFile())
}

/**
 * The server test files (`*.test.ts` under `dir`) whose import graph never reads a database switch,
 * relative to `root`, sorted.
 * @param {string} root
 * @param {string} dir
 */
export function databaseFreeTests(root, dir = join(root, 'server')) {
  const scanned = new Map()
  const scan = (file) => {
    if (!scanned.has(file)) {
      const text = readFileSync(file, 'utf8')
      const imports = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[2])).filter(Boolean)
      scanned.set(file, { switches: DATABASE_SWITCH.test(text), imports })
    }
    return scanned.get(file)
  }
  const reachesDatabase = (test) => {
    const seen = new Set([test])
    for (const file of seen) {
      const { switches, imports } = scan(file)
      if (switches) return true
      for (const target of imports) seen.add(target)
    }
    return false
  }
  return [...files(dir)]
    .filter((file) => file.endsWith('.test.ts') && !reachesDatabase(file))
    .map((file) => relative(root, file))
}
