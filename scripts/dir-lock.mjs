// A directory as a cross-process lock (mkdir is atomic on every file system we run on): test workers
// and a script started beside them must not build into the same place at once. The one implementation,
// used by the build orchestration (build-plan.mjs) and by the marketing suites' builds into temporary
// directories.
import { mkdirSync, rmSync, statSync } from 'node:fs'

/** A lock older than this was left by a killed build and is taken over. */
export const LOCK_STALE_MS = 10 * 60_000

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Runs `run` while holding the lock directory `lock`, waiting for another holder to finish first.
 * @template T
 * @param {string} lock
 * @param {() => T} run
 * @returns {T}
 */
export function withDirLock(lock, run) {
  for (;;) {
    try {
      mkdirSync(lock, { recursive: false })
      break
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - since > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true })
      else sleep(250)
    }
  }
  try {
    return run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
