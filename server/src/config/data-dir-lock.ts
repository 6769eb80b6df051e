import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { ConfigurationError } from './env-values'

/**
 * One process per DATA_DIR. The embedded database is files that exactly one PostgreSQL engine may
 * have open: two `npm start` on one directory each ran their own, and whatever the second one wrote
 * was gone after the next restart. So the directory is locked: a lock file names the holder (pid, the
 * host, and the process's start time so a recycled pid is not mistaken for it). A second process
 * waits a bounded time for the holder to exit — a rolling restart starts the new process before the
 * old one has drained — and then refuses to start with a CONFIGURATION_ERROR naming the holder.
 */
export const LOCK_FILE = 'retainkit.lock'

export interface LockHolder {
  pid: number
  host: string
  /** When the process started, as the OS counts it (Linux: clock ticks since boot); null elsewhere. */
  started: string | null
}

export interface DataDirLock {
  readonly path: string
  release(): void
}

export interface LockOptions {
  /** How long to wait for a live holder to exit (ms). */
  waitMs: number
  pollMs?: number
  /** Told once when the wait begins. */
  onWait?: (holder: LockHolder) => void
  /** Who we are and who is alive; the real process and /proc unless a test says otherwise. */
  self?: LockHolder
  isRunning?: (holder: LockHolder) => boolean
}

/** Field 22 of /proc/<pid>/stat: the process's start time, which a recycled pid does not share. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

export function currentProcess(): LockHolder {
  return { pid: process.pid, host: hostname(), started: processStart(process.pid) }
}

/** Is the process the lock file names still the one that wrote it? */
export function holderIsRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  if (holder.started === null) return true
  const started = processStart(holder.pid)
  return started === null || started === holder.started
}

function readHolder(path: string): LockHolder | null {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null
    return {
      pid: value.pid,
      host: value.host,
      started: typeof value.started === 'string' ? value.started : null,
    }
  } catch {
    return null
  }
}

function tryCreate(path: string, self: LockHolder): boolean {
  let fd: number
  try {
    fd = openSync(path, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${JSON.stringify(self)}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

const sameHolder = (a: LockHolder | null, b: LockHolder) =>
  a !== null && a.pid === b.pid && a.host === b.host && a.started === b.started

/**
 * Removes a dead holder's lock. Renaming it to a name only we use first makes the removal safe when two
 * processes find the same stale lock at once: only one rename succeeds, and what it moved is checked
 * to be that stale lock (a lock a live process just created is put back).
 */
function removeStale(path: string, stale: LockHolder | null, self: LockHolder): void {
  const aside = `${path}.stale.${self.pid}`
  try {
    renameSync(path, aside)
  } catch {
    return
  }
  const moved = readHolder(aside)
  if (stale === null ? moved === null : sameHolder(moved, stale)) {
    unlinkSync(aside)
    return
  }
  try {
    renameSync(aside, path)
  } catch {
    // Whoever holds it now wins; ours was never taken.
  }
}

/** A lock file that could not be read for this long is debris of a crash mid-write, not a live lock. */
const UNREADABLE_GRACE_MS = 5_000

export async function lockDataDir(dataDir: string, options: LockOptions): Promise<DataDirLock> {
  const self = options.self ?? currentProcess()
  const isRunning = options.isRunning ?? holderIsRunning
  const pollMs = options.pollMs ?? 200
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  const deadline = Date.now() + options.waitMs
  let told = false
  for (;;) {
    if (tryCreate(path, self)) {
      return {
        path,
        release() {
          if (sameHolder(readHolder(path), self)) unlinkSync(path)
        },
      }
    }
    const holder = readHolder(path)
    if (holder === null) {
      let age = 0
      try {
        age = Date.now() - statSync(path).mtimeMs
      } catch {
        continue
      }
      if (age > UNREADABLE_GRACE_MS) removeStale(path, null, self)
    } else if (holder.host === self.host && (holder.pid === self.pid || !isRunning(holder))) {
      // Our own pid from an earlier life (a container restarted), or a process that is gone.
      removeStale(path, holder, self)
      continue
    } else {
      if (Date.now() >= deadline) {
        const where = holder.host === self.host ? '' : ` on host ${holder.host}`
        throw new ConfigurationError(
          'DATA_DIR',
          `${dataDir} is in use by another Retainkit process (pid ${holder.pid}${where}). One process per DATA_DIR: stop it, or give this one its own DATA_DIR.`,
        )
      }
      if (!told) {
        told = true
        options.onWait?.(holder)
      }
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
