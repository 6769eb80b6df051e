// The one answer to "is it built?": every workspace build, what it reads and whether its last successful
// build read the same thing. `scripts/build.mjs` is its command line; the packages' own `ensure-built`
// helpers call that command instead of judging freshness themselves.
//
// A package's inputs are its own files (tests, docs and build output left out), the files of every
// workspace package it depends on (read from its package.json, transitively), the root package.json,
// the shared TypeScript settings and the lockfile: a dependency upgraded by `npm install` changes what a
// bundle contains even when no source changed.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { withDirLock } from './dir-lock.mjs'

/** The builds, in dependency order; `output` is the file whose presence means "built". */
export const BUILDS = [
  { name: 'node', dir: 'packages/node', output: 'dist/esm/index.js' },
  { name: 'widget', dir: 'widget', output: 'dist/loader.js' },
  // The publishable packages for apps (the install stub and the public types come from the widget).
  { name: 'js', dir: 'packages/js', output: 'dist/index.js' },
  { name: 'react', dir: 'packages/react', output: 'dist/index.js' },
  { name: 'console', dir: 'console', output: 'dist/index.html', env: { NODE_ENV: 'production' } },
  { name: 'marketing', dir: 'marketing', output: 'dist/robots.txt' },
  { name: 'server', dir: 'server', output: 'dist/index.mjs' },
  // The sandbox's React merchant site (examples/spa), which the sandbox and its browser suites serve.
  { name: 'examples', dir: 'examples', output: 'dist/spa/index.html' },
]

const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json']
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'test-support', 'e2e'])
const SKIPPED_FILE = /(\.test\.tsx?|\.md)$/

function* filesUnder(root, path) {
  const full = join(root, path)
  if (!existsSync(full)) return
  if (statSync(full).isFile()) {
    if (!SKIPPED_FILE.test(path)) yield path
    return
  }
  for (const entry of readdirSync(full).sort()) {
    if (SKIPPED_DIRS.has(entry) || entry.startsWith('.')) continue
    yield* filesUnder(root, join(path, entry))
  }
}

/** Workspace directories by package name, from the root's `workspaces`. */
function workspaceDirs(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const dirs = new Map()
  for (const dir of workspaces) {
    const manifest = join(root, dir, 'package.json')
    if (existsSync(manifest)) dirs.set(JSON.parse(readFileSync(manifest, 'utf8')).name, dir)
  }
  return dirs
}

/** `dir` and the directories of every workspace package it depends on, transitively. */
export function sourceDirs(root, dir) {
  const byName = workspaceDirs(root)
  const seen = new Set()
  const visit = (current) => {
    if (seen.has(current)) return
    seen.add(current)
    const manifest = JSON.parse(readFileSync(join(root, current, 'package.json'), 'utf8'))
    const names = Object.keys({
      ...manifest.dependencies,
      ...manifest.devDependencies,
      ...manifest.peerDependencies,
    })
    for (const name of names) if (byName.has(name)) visit(byName.get(name))
  }
  visit(dir)
  return [...seen].sort()
}

/** Every file a build reads, relative to the root, in a stable order. */
export function buildInputs(root, build) {
  const dirs = sourceDirs(root, build.dir)
  return [
    ...ROOT_INPUTS.filter((file) => existsSync(join(root, file))),
    ...dirs.flatMap((d) => [...filesUnder(root, d)]),
  ]
}

/** One hash over the inputs' names and contents, and the lockfile's own hash (to say why a build runs). */
export function inputsStamp(root, build) {
  const hash = createHash('sha256')
  for (const file of buildInputs(root, build))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0')
  const lock = join(root, 'package-lock.json')
  const lockfile = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : null
  return { inputs: hash.digest('hex'), lockfile }
}

const stampPath = (root, build) => join(root, build.dir, 'dist', '.inputs-hash.json')

function recordedStamp(root, build) {
  try {
    return JSON.parse(readFileSync(stampPath(root, build), 'utf8'))
  } catch {
    return null
  }
}

/** Why `build` must run, or null when its output was built from exactly these inputs. */
export function staleReason(root, build, stamp = inputsStamp(root, build)) {
  if (!existsSync(join(root, build.dir, build.output))) return 'not built yet'
  const recorded = recordedStamp(root, build)
  if (!recorded) return 'no record of its inputs'
  if (recorded.inputs === stamp.inputs) return null
  return recorded.lockfile === stamp.lockfile ? 'its sources changed' : 'package-lock.json changed'
}

/**
 * Builds what is stale among `names` (all builds when empty) and the builds they depend on, in order.
 * `force` rebuilds regardless. Returns the names built; throws when a build fails.
 * @param {string} root
 * @param {{ names?: string[], force?: boolean, builds?: { name: string, dir: string, output: string, env?: Record<string, string> }[], log?: (line: string) => void }} [options]
 * @returns {string[]}
 */
export function buildWorkspace(root, { names = [], force = false, builds = BUILDS, log = console.log } = {}) {
  const unknown = names.filter((name) => !builds.some((build) => build.name === name))
  if (unknown.length > 0)
    throw new Error(`Unknown build ${unknown.join(', ')}; known: ${builds.map((b) => b.name).join(', ')}`)
  const wanted = names.length === 0 ? builds : builds.filter((build) => names.includes(build.name))
  const neededDirs = new Set(wanted.flatMap((build) => sourceDirs(root, build.dir)))
  const built = []
  for (const build of builds.filter((candidate) => neededDirs.has(candidate.dir))) {
    if (!existsSync(join(root, build.dir, 'package.json'))) continue
    const reason = withDirLock(join(root, build.dir, '.build-lock'), () => {
      const stamp = inputsStamp(root, build)
      const why = force ? 'asked to rebuild' : staleReason(root, build, stamp)
      if (!why) return null
      const started = Date.now()
      log(`[build] ${build.name}: building (${why})…`)
      const result = spawnSync('npm', ['run', 'build', '--silent'], {
        cwd: join(root, build.dir),
        stdio: 'inherit',
        env: { ...process.env, ...build.env },
      })
      if (result.status !== 0) throw new Error(`[build] ${build.name}: FAILED (exit ${result.status})`)
      mkdirSync(join(root, build.dir, 'dist'), { recursive: true })
      writeFileSync(stampPath(root, build), JSON.stringify(stamp))
      log(`[build] ${build.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      return why
    })
    if (reason) built.push(build.name)
    else log(`[build] ${build.name}: up to date`)
  }
  return built
}
