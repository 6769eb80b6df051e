/**
 * Tests that read the prerendered site call builtSite(): it runs the real build (scripts/build.ts)
 * once per source state into a cache directory and returns that directory. Vitest runs test files in
 * parallel workers, so a lock directory makes the first caller build while the others wait.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const repoRoot = join(packageRoot, '..')
const cacheRoot = join(packageRoot, 'node_modules', '.cache', 'retainkit-site-test')
const STALE_LOCK_MS = 5 * 60_000

const INPUTS = ['src', 'scripts', 'public', 'vite.config.ts', 'package.json'].map((p) => join(packageRoot, p))
const SHARED_INPUTS = [join(repoRoot, 'shared', 'src')]

function listFiles(path: string): string[] {
  if (!existsSync(path)) return []
  if (statSync(path).isFile()) return [path]
  return readdirSync(path)
    .sort()
    .flatMap((name) => listFiles(join(path, name)))
}

/** A hash of everything the build reads (tests excluded), so an edit triggers a fresh build. */
function sourceHash(): string {
  const hash = createHash('sha256')
  for (const file of [...INPUTS, ...SHARED_INPUTS].flatMap(listFiles)) {
    if (/\.test\.tsx?$/.test(file)) continue
    hash.update(relative(repoRoot, file))
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms))
}

function runBuild(outDir: string): void {
  const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
  const env = { ...process.env }
  // The tests check the default origin; a PUBLIC_URL in the caller's shell must not leak in.
  delete env.PUBLIC_URL
  const result = spawnSync(process.execPath, [tsxCli, 'scripts/build.ts', '--out', outDir], {
    cwd: packageRoot,
    env,
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(
      `marketing build failed (exit ${result.status}). Run \`npm run build -w @retainkit/marketing\` to see why.\n${result.stdout}\n${result.stderr}`,
    )
  }
}

let memo: Promise<string> | null = null

export function builtSite(): Promise<string> {
  memo ??= ensureBuilt()
  return memo
}

async function ensureBuilt(): Promise<string> {
  const outDir = join(cacheRoot, sourceHash())
  const done = join(outDir, '.complete')
  const lock = `${outDir}.lock`
  mkdirSync(cacheRoot, { recursive: true })
  for (;;) {
    if (existsSync(done)) return outDir
    try {
      mkdirSync(lock)
    } catch {
      const stats = statSync(lock, { throwIfNoEntry: false })
      // A lock left behind by a crashed run would otherwise block every later test run.
      if (stats && Date.now() - stats.mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true })
      await sleep(250)
      continue
    }
    try {
      if (!existsSync(done)) {
        runBuild(outDir)
        writeFileSync(done, new Date().toISOString())
        pruneOldBuilds(outDir)
      }
      return outDir
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
  }
}

function pruneOldBuilds(keep: string): void {
  for (const name of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, name)
    if (path !== keep && !name.endsWith('.lock')) rmSync(path, { recursive: true, force: true })
  }
}

/** Reads a file of the built site, relative to its root. */
export function readBuilt(root: string, path: string): string {
  return readFileSync(join(root, path), 'utf8')
}
