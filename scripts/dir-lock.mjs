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
  while (!take(lock)) sleep(250)
  try {
    return run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/**
 * withDirLock for an async `run` (the build orchestration's builds, several at once): waits without
 * blocking the event loop, and holds the lock until `run`'s promise settles.
 * @template T
 * @param {string} lock
 * @param {() => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function withDirLockAsync(lock, run) {
  while (!take(lock)) await new Promise((resolve) => setTimeout(resolve, 250))
  try {
    return await run()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Takes the lock if it is free (or stale: taken over), else false. */
function take(lock) {
  try {
    mkdirSync(lock, { recursive: false })
    return true
  } catch {
    const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
    if (Date.now() - since > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true })
    return false
  }
}
