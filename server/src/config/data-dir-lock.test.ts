import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { currentProcess, holderIsRunning, LOCK_FILE, type LockHolder, lockDataDir } from './data-dir-lock'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'retainkit-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const holder = (pid: number, host = 'box', started: string | null = '100'): LockHolder => ({
  pid,
  host,
  started,
})

describe('lockDataDir', () => {
  it('writes the holder into the lock file and removes it on release', async () => {
    const lock = await lockDataDir(dir, { waitMs: 0, self: holder(41) })
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toEqual({
      pid: 41,
      host: 'box',
      started: '100',
    })
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('refuses while a live holder keeps it, naming the pid, after waiting the time given', async () => {
    await lockDataDir(dir, { waitMs: 0, self: holder(41) })
    const waited: number[] = []
    const started = Date.now()
    await expect(
      lockDataDir(dir, {
        waitMs: 300,
        pollMs: 20,
        self: holder(42),
        isRunning: () => true,
        onWait: (h) => waited.push(h.pid),
      }),
    ).rejects.toThrow(/^CONFIGURATION_ERROR: DATA_DIR .* is in use by another Retainkit process \(pid 41\)/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(300)
    expect(waited).toEqual([41])
  })

  it('takes over as soon as the holder exits (a rolling restart)', async () => {
    const first = await lockDataDir(dir, { waitMs: 0, self: holder(41) })
    setTimeout(() => first.release(), 150)
    const second = await lockDataDir(dir, {
      waitMs: 5_000,
      pollMs: 20,
      self: holder(42),
      isRunning: () => true,
    })
    expect(JSON.parse(readFileSync(second.path, 'utf8')).pid).toBe(42)
  })

  it('takes over a lock left by a dead process, or by its own pid from an earlier life', async () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder(41)))
    const lock = await lockDataDir(dir, { waitMs: 0, self: holder(42), isRunning: () => false })
    lock.release()
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder(42, 'box', '7')))
    await expect(
      lockDataDir(dir, { waitMs: 0, self: holder(42), isRunning: () => true }),
    ).resolves.toBeDefined()
  })

  it('never takes over a lock of another host (a shared volume): it cannot tell whether that one lives', async () => {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder(41, 'other-box')))
    await expect(lockDataDir(dir, { waitMs: 0, self: holder(42), isRunning: () => false })).rejects.toThrow(
      /pid 41 on host other-box/,
    )
  })

  it('release leaves a lock that is not ours alone', async () => {
    const lock = await lockDataDir(dir, { waitMs: 0, self: holder(41) })
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder(43)))
    lock.release()
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(43)
  })
})

describe('holderIsRunning', () => {
  it('knows this process, and that a recycled pid with another start time is not the holder', () => {
    const me = currentProcess()
    expect(holderIsRunning(me)).toBe(true)
    if (me.started !== null) expect(holderIsRunning({ ...me, started: `${me.started}1` })).toBe(false)
    expect(holderIsRunning({ pid: 2 ** 22 + 1, host: me.host, started: null })).toBe(false)
  })
})
