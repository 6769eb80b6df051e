// The one answer to "is it built?": every workspace build, what it reads and whether its last successful
// build read the same thing. `scripts/build.mjs` is its command line; the packages' own `ensure-built`
// helpers call that command instead of judging freshness themselves.
//
// A package's inputs are its own files (tests, docs, build output and `tsc --build`'s incremental
// state, which `npm run typecheck` writes beside a tsconfig, left out), the files of every
// workspace package it depends on (read from its package.json, transitively), the root package.json,
// the shared TypeScript settings and the lockfile: a dependency upgraded by `npm install` changes what a
// bundle contains even when no source changed.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { withDirLockAsync } from './dir-lock.mjs'

/**
 * The builds, in dependency order; `output` is the file whose presence means "built". A build waits for
 * the builds of the workspace packages it depends on (their output may be what it bundles), unless
 * `needs` names the ones whose output it really reads.
 */
export const BUILDS = [
  { name: 'node', dir: 'packages/node', output: 'dist/esm/index.js' },
  { name: 'widget', dir: 'widget', output: 'dist/loader.js' },
  // The publishable packages for apps. The install stub and the public types come from the widget's
  // sources (its snippet.ts and types.ts), not its build: built beside it.
  { name: 'js', dir: 'packages/js', output: 'dist/index.js', needs: [] },
  { name: 'react', dir: 'packages/react', output: 'dist/index.js' },
  { name: 'console', dir: 'console', output: 'dist/index.html', env: { NODE_ENV: 'production' } },
  { name: 'marketing', dir: 'marketing', output: 'dist/robots.txt' },
  { name: 'server', dir: 'server', output: 'dist/index.mjs' },
  // The sandbox's React merchant site (examples/spa), which the sandbox and its browser suites serve.
  { name: 'examples', dir: 'examples', output: 'dist/spa/index.html' },
]

const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json']
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'test-support', 'e2e'])
const SKIPPED_FILE = /(\.test\.tsx?|\.md|\.tsbuildinfo)$/

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

/** Builds at once: each is one mostly single-threaded bundler, so one per core (at most four). */
const PARALLEL = Math.max(1, Math.min(4, availableParallelism()))

/**
 * Builds what is stale among `names` (all builds when empty) and the builds they depend on: each once
 * the builds it waits for are done, up to `parallel` at a time (a fresh clone's eight builds took 77 s
 * one after another on a 2-core machine). `force` rebuilds regardless. Resolves to the names built, in
 * BUILDS order; rejects when a build fails, once the builds already running have ended (none starts after).
 * @param {string} root
 * @param {{ names?: string[], force?: boolean, builds?: { name: string, dir: string, output: string, env?: Record<string, string>, needs?: string[] }[], log?: (line: string) => void, parallel?: number }} [options]
 * @returns {Promise<string[]>}
 */
export async function buildWorkspace(
  root,
  { names = [], force = false, builds = BUILDS, log = console.log, parallel = PARALLEL } = {},
) {
  const unknown = names.filter((name) => !builds.some((build) => build.name === name))
  if (unknown.length > 0)
    throw new Error(`Unknown build ${unknown.join(', ')}; known: ${builds.map((b) => b.name).join(', ')}`)
  const wanted = names.length === 0 ? builds : builds.filter((build) => names.includes(build.name))
  const neededDirs = new Set(wanted.flatMap((build) => sourceDirs(root, build.dir)))
  const todo = builds.filter(
    (build) => neededDirs.has(build.dir) && existsSync(join(root, build.dir, 'package.json')),
  )
  const waitsFor = new Map(todo.map((build) => [build, prerequisites(root, build, todo)]))
  const done = new Set()
  const built = new Set()
  const running = new Map()
  let failure
  for (;;) {
    for (const build of todo) {
      if (failure || running.size >= parallel) break
      if (done.has(build) || running.has(build) || !waitsFor.get(build).every((b) => done.has(b))) continue
      const settled = buildOne(root, build, force, log).then(
        (rebuilt) => ({ build, rebuilt }),
        (error) => ({ build, error }),
      )
      running.set(build, settled)
    }
    if (running.size === 0) break
    const { build, rebuilt, error } = await Promise.race(running.values())
    running.delete(build)
    done.add(build)
    if (error) failure ??= error
    else if (rebuilt) built.add(build)
  }
  if (failure) throw failure
  return todo.filter((build) => built.has(build)).map((build) => build.name)
}

/** The builds among `todo` that `build` waits for: its `needs`, else those of the packages it depends on. */
function prerequisites(root, build, todo) {
  if (build.needs) return todo.filter((other) => build.needs.includes(other.name))
  const dirs = new Set(sourceDirs(root, build.dir))
  return todo.filter((other) => other !== build && dirs.has(other.dir))
}

/** One build when stale, under its directory's lock; its output is printed whole when it ends. */
function buildOne(root, build, force, log) {
  return withDirLockAsync(join(root, build.dir, '.build-lock'), async () => {
    const stamp = inputsStamp(root, build)
    const why = force ? 'asked to rebuild' : staleReason(root, build, stamp)
    if (!why) {
      log(`[build] ${build.name}: up to date`)
      return false
    }
    const started = Date.now()
    log(`[build] ${build.name}: building (${why})…`)
    const { code, output } = await npmBuild(join(root, build.dir), build.env)
    // Whole, not line by line: builds running side by side would interleave their lines.
    process.stdout.write(output)
    if (code !== 0) throw new Error(`[build] ${build.name}: FAILED (exit ${code})`)
    mkdirSync(join(root, build.dir, 'dist'), { recursive: true })
    writeFileSync(stampPath(root, build), JSON.stringify(stamp))
    log(`[build] ${build.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return true
  })
}

/** `npm run build` in `cwd`: its exit code and its output (stdout and stderr, in order). */
function npmBuild(cwd, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    child.on('error', (error) => resolve({ code: -1, output: `${error.message}\n` }))
    child.on('close', (code, signal) =>
      resolve({ code: code ?? signal, output: Buffer.concat(chunks).toString() }),
    )
  })
}
