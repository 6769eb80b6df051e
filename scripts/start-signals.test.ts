import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { isSupportedNode, PINNED_NODE_ENV } from './require-node.mjs'

// `npm start` stopped by a signal sent to the npm process alone (what `docker stop` and supervisors do):
// every process under it must end — the server after draining — and npm must exit, so a start right
// after finds DATA_DIR's lock free (DATA_DIR_LOCK_TIMEOUT=0: a lock still held fails that start at once).

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SYSTEM_NODE = '/usr/bin/node'
const systemNodeVersion = (() => {
  const result = spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : null
})()
/** Debian's Node 20 (this machine's and CI's): `npm start` then runs through the pinned-Node re-run. */
const oldSystemNode = systemNodeVersion !== null && !isSupportedNode(systemNodeVersion)

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Every process below `pid` now (from /proc: each process's parent). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = []
  const walk = (parent: number) => {
    for (const child of children.get(parent) ?? []) {
      found.push(child)
      walk(child)
    }
  }
  walk(pid)
  return found
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const started: ChildProcess[] = []
const dataDirs: string[] = []
afterEach(() => {
  for (const child of started.splice(0)) {
    for (const pid of descendants(child.pid as number)) if (alive(pid)) process.kill(pid, 'SIGKILL')
    if (child.exitCode === null) child.kill('SIGKILL')
  }
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function npmStart(env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['start'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  started.push(child)
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  return { child, exited, output: () => output }
}

async function healthy(port: number, exited: Promise<Exit>, output: () => string) {
  let done = false
  void exited.then(() => {
    done = true
  })
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline && !done) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`)
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`npm start did not serve /health:\n${output()}`)
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Starts `npm start`, signals the npm process alone, and checks everything under it ended. */
async function startThenSignal(env: NodeJS.ProcessEnv, port: number, signal: NodeJS.Signals) {
  const npm = npmStart(env)
  await healthy(port, npm.exited, npm.output)
  const below = descendants(npm.child.pid as number)
  // npm's shell, start.mjs (and its re-run on the pinned Node), the server.
  expect(below.length).toBeGreaterThanOrEqual(2)
  process.kill(npm.child.pid as number, signal)
  const exit = await within(npm.exited, 20_000, `npm start ending on ${signal}`)
  // The server drained and exited 0; npm ends as the command it ran ended.
  expect(exit, npm.output()).toEqual({ code: 0, signal: null })
  expect(below.filter(alive)).toEqual([])
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow()
  expect(npm.output()).toMatch(/shutting down: draining in-flight requests/)
  return npm.output()
}

function startEnv(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', RETAINKIT_SEED_DEMO: '0', ...overrides }
  delete env[PINNED_NODE_ENV]
  return env
}

// The first start may build what a change made stale.
describe('npm start and signals sent to npm', { timeout: 240_000 }, () => {
  it('SIGTERM ends the server and every process under npm; a start right after gets DATA_DIR at once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rk-signals-'))
    dataDirs.push(dataDir)
    const port = await freePort()
    const env = startEnv({ PORT: String(port), DATA_DIR: dataDir, DATA_DIR_LOCK_TIMEOUT: '0' })
    await startThenSignal(env, port, 'SIGTERM')
    // The lock was released: with no wait allowed, the next start serves.
    await startThenSignal(env, port, 'SIGINT')
  })

  it.runIf(oldSystemNode)(
    `with Debian's Node ${systemNodeVersion} first on PATH: npm start runs on the pinned Node 24, and SIGTERM still reaches the server`,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'rk-signals-old-'))
      dataDirs.push(dataDir)
      const port = await freePort()
      const env = startEnv({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATA_DIR_LOCK_TIMEOUT: '0',
        PATH: `/usr/bin:${process.env.PATH}`,
      })
      const output = await startThenSignal(env, port, 'SIGTERM')
      expect(output).toContain(`retainkit: Node.js ${systemNodeVersion} is older than 22.12;`)
      expect(output.match(/^retainkit: Node\.js .*$/gm)).toHaveLength(1)
      await startThenSignal(env, port, 'SIGTERM')
    },
  )
})
