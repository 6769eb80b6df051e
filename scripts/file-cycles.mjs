#!/usr/bin/env node
// Three import checks `npm run lint` runs over product code (tests, test support, fuzzing and benches
// are not product code; the test doubles of packages/fakes are read for cycles too), after the
// package-cycle check:
// - no file cycle: files importing each other in a ring (type-only imports count: a ring of types is
//   still a ring a reader has to hold in mind, and it is usually a type living in the wrong file);
// - no upward import inside the server: its folders form floors, and a file imports only from its own
//   floor or those below (ports such as the logger and the secret box live on the bottom floor);
// - no product file importing test code (a test helper kept beside the code it drives).
import './require-node.mjs'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PRODUCT_ROOTS, productFiles } from './product-files.mjs'

export { PRODUCT_ROOTS, productFiles }

/** Where file cycles are looked for: product code, and the test doubles (a fake is read like code). */
export const CYCLE_ROOTS = [...PRODUCT_ROOTS, 'packages/fakes']

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?(['"])(\.{1,2}\/[^'"\n]+)\1|\bimport\s*\(\s*(['"])(\.{1,2}\/[^'"\n]+)\3\s*\)/gm

const resolveImport = (from, spec) => {
  const base = resolve(dirname(from), spec)
  const bare = base.replace(/\.(?:js|mjs)$/, '')
  return [
    base,
    `${bare}.ts`,
    `${bare}.tsx`,
    `${bare}.mts`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ].find((path) => existsSync(path) && statSync(path).isFile())
}

/** The files a file imports by relative path that exist (comments, which may quote imports, dropped). */
const importsOf = (file) => {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/.*$/gm, '$1')
  return [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[2] ?? m[4])).filter(Boolean)
}

/** Every relative import between product files under `root`: file → the files it imports. */
export function importGraph(root, roots = PRODUCT_ROOTS) {
  const graph = new Map()
  for (const dir of roots) for (const file of productFiles(join(root, dir))) graph.set(file, [])
  for (const [file, targets] of graph)
    for (const target of importsOf(file))
      if (graph.has(target) && !targets.includes(target)) targets.push(target)
  return graph
}

/**
 * Product files that import test code (a test, a test helper, fuzzing) by relative path: `from → to`.
 * Test helpers may sit beside the code they drive only as long as nothing the product runs needs them;
 * a package's own `test/` folder beside its `src/` (server/test/support) is test code throughout.
 */
export function testCodeImports(root, roots = PRODUCT_ROOTS) {
  const graph = importGraph(root, roots)
  const testTrees = roots.flatMap((dir) => [join(root, dir), join(root, dirname(dir), 'test')])
  const found = []
  for (const file of graph.keys())
    for (const target of importsOf(file))
      if (
        !graph.has(target) &&
        /\.(?:ts|tsx|mts|mjs|js)$/.test(target) &&
        testTrees.some((dir) => target.startsWith(dir + sep))
      )
        found.push(`${relative(root, file)} → ${relative(root, target)}`)
  return [...new Set(found)].sort()
}

/** The strongly connected groups of more than one file (Tarjan), each sorted, as paths under `root`. */
export function fileCycles(root, graph = importGraph(root, CYCLE_ROOTS)) {
  let next = 0
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const frames = [{ file: start, i: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (frames.length > 0) {
      const frame = frames.at(-1)
      const targets = graph.get(frame.file)
      if (frame.i < targets.length) {
        const target = targets[frame.i++]
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          frames.push({ file: target, i: 0 })
        } else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file), index.get(target)))
        continue
      }
      frames.pop()
      if (frames.length > 0) {
        const parent = frames.at(-1).file
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)))
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const group = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          group.push(member)
        } while (member !== frame.file)
        if (group.length > 1) groups.push(group.map((file) => relative(root, file)).sort())
      }
    }
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return groups.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]))
}

/**
 * The server's floors, bottom first: a file may import from its own floor or any floor below. Each
 * entry names a folder or a file under server/src; a file sits on the floor of the longest entry that
 * contains it (so `auth/routes`, the auth server's HTTP routes, sits with the routes, above `auth`).
 */
export const SERVER_FLOORS = [
  // Ports: the interfaces every floor may take (logger, secret box, the signed-in user), no behaviour.
  ['server-root.ts', 'ports'],
  ['config'],
  ['db'],
  ['http', 'observability'],
  ['auth'],
  ['services', 'seed', 'admin', 'deps.ts'],
  ['routes', 'auth/routes'],
  // Composition: what wires the floors below into an app and a listening server.
  ['app.ts', 'bootstrap.ts', 'embed.ts', 'startup-banner.ts', 'http/node-listener.ts'],
  // Entry points.
  ['index.ts', 'db/build-pglite-template.ts', 'admin/cli.ts'],
]

const floorOf = (root, file) => {
  const path = relative(join(root, 'server', 'src'), file)
    .split(sep)
    .join('/')
  let best
  SERVER_FLOORS.forEach((entries, floor) => {
    for (const entry of entries)
      if ((path === entry || path.startsWith(`${entry}/`)) && (!best || entry.length > best.entry.length))
        best = { entry, floor }
  })
  return best?.floor
}

/** Imports inside server/src that run up the floors: `from → to` paths under `root`. */
export function upwardImports(root, graph = importGraph(root, ['server/src'])) {
  const found = []
  for (const [file, targets] of graph) {
    const from = floorOf(root, file)
    for (const target of targets) {
      const to = floorOf(root, target)
      if (from === undefined || to === undefined) {
        found.push(
          `${relative(root, from === undefined ? file : target)} is on no floor (scripts/file-cycles.mjs)`,
        )
      } else if (to > from) found.push(`${relative(root, file)} → ${relative(root, target)}`)
    }
  }
  return [...new Set(found)].sort()
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
  const cycles = fileCycles(root)
  const upward = upwardImports(root)
  const testCode = testCodeImports(root)
  for (const group of cycles)
    console.error(`file cycle among ${group.length} files:\n  ${group.join('\n  ')}`)
  for (const line of upward) console.error(`upward import inside the server: ${line}`)
  for (const line of testCode) console.error(`product code imports test code: ${line}`)
  console.log(
    `file cycles: ${cycles.length}, upward server imports: ${upward.length}, test code imported by product code: ${testCode.length}`,
  )
  if (cycles.length > 0 || upward.length > 0 || testCode.length > 0) process.exit(1)
}
