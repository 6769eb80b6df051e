#!/usr/bin/env node
// The package-boundary check `npm run lint` runs: reads every import of every workspace package (source,
// tests and scripts alike — a test that imports another package ties the two just as much), turns them
// into package → package edges, and fails on any cycle among them. An import that reaches into another
// package by relative path counts as an edge too, so a cycle cannot hide behind `../../other/src`; it
// also fails on such path reaches themselves and on a package imported without being declared in the
// importer's package.json (both bypass the exports map that says what a package offers).
import './require-node.mjs'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/
// Generated output (build, coverage, test artifacts written by the suites) is not code a package owns.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'artifacts', 'test-results'])
const IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.mock\s*\(\s*)(['"])([^'"\n]+)\1/g

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir).sort()) {
    if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (SOURCE_FILE.test(entry) && !entry.endsWith('.d.ts')) yield path
  }
}

/** Workspace packages of the repository at `root`: name and absolute directory. */
export function workspacePackages(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  return workspaces
    .map((dir) => resolve(root, dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ name: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name, dir }))
}

/** Boundary breaches found by the last `packageEdges` call (path reaches, undeclared imports). */
export const problems = []

/**
 * Whether the package at `dir` offers `subpath` ('.' or './x/y') through its exports map: a package
 * with one offers only what it names (a '*' in a key matches any rest), so an import of one of its
 * internals is a breach even where the resolver would find the file.
 */
export function exportsSubpath(dir, subpath) {
  const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  if (exports === undefined) return true
  const keys =
    typeof exports === 'string' || Object.keys(exports).every((key) => !key.startsWith('.'))
      ? ['.']
      : Object.keys(exports)
  return keys.some((key) => {
    const star = key.indexOf('*')
    if (star === -1) return key === subpath
    return subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))
  })
}

const declared = (dir) => {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  return new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }),
  )
}

/**
 * Every package → package dependency the code makes, with the first file that makes it.
 * @param {string} root
 * @returns {Map<string, Map<string, string>>}
 */
export function packageEdges(root) {
  const packages = workspacePackages(root)
  // Longest directory first, so `packages/node` wins over a package at the root of the same path.
  const owner = (file) =>
    [...packages]
      .sort((a, b) => b.dir.length - a.dir.length)
      .find((pkg) => file === pkg.dir || file.startsWith(pkg.dir + sep))?.name
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]))
  const edges = new Map(packages.map((pkg) => [pkg.name, new Map()]))
  problems.length = 0
  for (const pkg of packages) {
    for (const file of sourceFiles(pkg.dir)) {
      const text = readFileSync(file, 'utf8')
      for (const match of text.matchAll(IMPORT)) {
        const specifier = match[2] ?? ''
        let target
        const byPath = specifier.startsWith('.')
        if (byPath) target = owner(resolve(dirname(file), specifier))
        else {
          const name = specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0]
          if (byName.has(name)) target = name
        }
        const from = owner(file)
        if (!target || !from || target === from) continue
        const where = relative(root, file)
        const subpath = byPath ? '.' : `.${specifier.slice(target.length)}`
        if (byPath)
          problems.push(`${where}: reaches into ${target} by path ('${specifier}'); import its public entry`)
        else if (!declared(pkg.dir).has(target))
          problems.push(`${where}: imports ${target}, which ${from}'s package.json does not declare`)
        else if (!exportsSubpath(byName.get(target).dir, subpath))
          problems.push(`${where}: imports '${specifier}', an internal ${target} does not export`)
        const outgoing = edges.get(from)
        if (outgoing && !outgoing.has(target)) outgoing.set(target, relative(root, file))
      }
    }
  }
  return edges
}

/**
 * The cycles among packages: each strongly connected group of two or more packages (Tarjan's
 * algorithm), as its members' names.
 * @param {Map<string, Map<string, string>>} edges
 * @returns {string[][]}
 */
export function packageCycles(edges) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  const visit = (node) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node), low.get(next)))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)))
    }
    if (low.get(node) !== index.get(node)) return
    const group = []
    for (;;) {
      const member = stack.pop()
      onStack.delete(member)
      group.push(member)
      if (member === node) break
    }
    if (group.length > 1) groups.push(group.sort())
  }
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node)
  return groups
}

/** A report line per cycle, naming one file for each edge inside it. */
export function describeCycles(edges, cycles) {
  return cycles.map((group) => {
    const links = group.flatMap((from) =>
      [...(edges.get(from) ?? [])]
        .filter(([to]) => group.includes(to))
        .map(([to, file]) => `  ${from} → ${to} (${file})`),
    )
    return [`cycle among ${group.join(', ')}:`, ...links].join('\n')
  })
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
  const edges = packageEdges(root)
  const cycles = packageCycles(edges)
  for (const line of [...describeCycles(edges, cycles), ...problems]) console.error(line)
  console.log(`package cycles: ${cycles.length}, boundary breaches: ${problems.length}`)
  if (cycles.length > 0 || problems.length > 0) process.exit(1)
}
