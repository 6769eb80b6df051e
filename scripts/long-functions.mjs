#!/usr/bin/env node
// The function-size check `npm run lint` runs: no function in product code (each workspace's src/,
// tests and test support excluded) spans more than MAX_LINES lines, counted from its first line to its
// last. The functions that did when the check came are listed in long-functions-allowed.txt, each to
// be split and struck off; the list may only shrink (long-functions.test.ts), never gain a name.
import './require-node.mjs'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { PRODUCT_ROOTS, productFiles } from './product-files.mjs'

export const MAX_LINES = 100
const ALLOWED_FILE = fileURLToPath(new URL('long-functions-allowed.txt', import.meta.url))

const nameOf = (node) => {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)))
    return parent.name.text
  if (ts.isExportAssignment(parent)) return 'default'
  return undefined
}

/** Functions of one source text over `max` lines: `{ name, lines, line }`, name unique within the file. */
export function longFunctions(fileName, text, max = MAX_LINES) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const found = []
  // An unnamed function is named by its place among the unnamed ones of its enclosing function, not by
  // its line: an edit above it must not rename it.
  const unnamed = new Map()
  const visit = (node, outer) => {
    let inner = outer
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      let own = nameOf(node)
      if (own === undefined) {
        const count = (unnamed.get(outer) ?? 0) + 1
        unnamed.set(outer, count)
        own = `anonymous-${count}`
      }
      inner = outer ? `${outer}/${own}` : own
      if (end - start + 1 > max) found.push({ name: inner, lines: end - start + 1, line: start + 1 })
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(source, undefined)
  return found
}

/** Every product function over the limit in the repository at `root`, as `path#name` → line count. */
export function repositoryLongFunctions(root, max = MAX_LINES) {
  const found = new Map()
  for (const dir of PRODUCT_ROOTS)
    for (const file of productFiles(join(root, dir)))
      for (const fn of longFunctions(file, readFileSync(file, 'utf8'), max))
        found.set(`${relative(root, file)}#${fn.name}`, fn.lines)
  return found
}

/** The allow-list: one `path#name` a line, `#` comments and blank lines skipped. */
export function readAllowed(file = ALLOWED_FILE) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('# '))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const found = repositoryLongFunctions(root)
  const allowed = new Set(readAllowed())
  const over = [...found].filter(([key]) => !allowed.has(key))
  const stale = [...allowed].filter((key) => !found.has(key))
  for (const [key, lines] of over)
    console.error(`${key}: ${lines} lines (at most ${MAX_LINES}); split it along its seams`)
  for (const key of stale)
    console.error(
      `${key}: no longer over ${MAX_LINES} lines; strike it off scripts/long-functions-allowed.txt`,
    )
  if (over.length > 0 || stale.length > 0) process.exit(1)
  console.log(`long functions: none over ${MAX_LINES} lines but the ${allowed.size} listed to be split`)
}
