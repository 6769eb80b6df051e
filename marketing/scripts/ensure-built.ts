/**
 * Node only: keeps marketing/dist current for the suites that serve it through the real server
 * (tests/e2e/marketing.e2e.ts, tests/lighthouse/run.ts), and builds the site into other directories for
 * the tests that read the prerendered output (test-support/built-site.ts). Whether a build is current
 * is decided by the repository's one build orchestration (scripts/build-plan.mjs).
 */
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILDS, inputsStamp } from '../../scripts/build-plan.mjs'

// From the module's own path (a string): DOM test environments replace the global URL class.
export const MARKETING_DIR = join(dirname(fileURLToPath(import.meta.url)), '..')
export const MARKETING_DIST = join(MARKETING_DIR, 'dist')
const REPOSITORY_ROOT = join(MARKETING_DIR, '..')

/** The hash of everything the site's build reads (its files, its workspace dependencies', the lockfile). */
export function marketingInputsHash(): string {
  const build = BUILDS.find((candidate) => candidate.name === 'marketing')
  if (!build) throw new Error('scripts/build-plan.mjs lists no marketing build')
  return inputsStamp(REPOSITORY_ROOT, build).inputs
}

/** Runs scripts/build.ts into `outDir`; throws with the build's output when it fails. */
export function runBuild(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', outDir], {
    cwd: MARKETING_DIR,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    throw new Error(`marketing build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
}

/** Builds marketing/dist unless it was built from exactly today's inputs; returns its path. */
export function ensureMarketingBuilt(): string {
  const result = spawnSync(process.execPath, [join(REPOSITORY_ROOT, 'scripts/build.mjs'), 'marketing'], {
    cwd: REPOSITORY_ROOT,
    encoding: 'utf8',
    timeout: 600_000,
  })
  if (result.status !== 0) {
    throw new Error(`marketing build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`)
  }
  return MARKETING_DIST
}
