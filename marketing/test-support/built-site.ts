/**
 * Tests that read the prerendered site call builtSite(): it runs the real build (scripts/build.ts)
 * once per source state into a cache directory and returns that directory. Vitest runs test files in
 * parallel workers, so a lock directory makes the first caller build while the others wait.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { withDirLock } from '../../scripts/dir-lock.mjs'
import { MARKETING_DIR, marketingInputsHash, runBuild } from '../scripts/ensure-built'

const cacheRoot = join(MARKETING_DIR, 'node_modules', '.cache', 'retainkit-site-test')

/**
 * The build runs with this PUBLIC_URL in its environment, as `PUBLIC_URL=… npm start` would: the
 * output must not contain it (absolute URLs carry the placeholder the server replaces).
 */
export const BUILD_TIME_PUBLIC_URL = 'https://build-time-public-url.example'

let memo: string | null = null

export async function builtSite(): Promise<string> {
  memo ??= ensureBuilt()
  return memo
}

function ensureBuilt(): string {
  const outDir = join(cacheRoot, marketingInputsHash().slice(0, 16))
  const done = join(outDir, '.complete')
  mkdirSync(cacheRoot, { recursive: true })
  if (existsSync(done)) return outDir
  withDirLock(`${outDir}.lock`, () => {
    if (existsSync(done)) return
    runBuild(outDir, { PUBLIC_URL: BUILD_TIME_PUBLIC_URL })
    writeFileSync(done, new Date().toISOString())
    pruneOldBuilds(outDir)
  })
  return outDir
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
