import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A PostgreSQL cluster of a test's own, for tests that kill the database: never the shared test
 * cluster. Durable settings (fsync and synchronous commit on, as in production), so "no acknowledged
 * write lost" means what it says.
 */
export interface ThrowawayPostgres {
  url: string
  port: number
  /** Kills the postmaster and every backend with SIGKILL: a crash, not a shutdown. */
  kill(): void
  /** Starts it again (crash recovery included); resolves when it accepts connections. */
  start(): void
  /** Stops it and removes its files. */
  destroy(): void
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : []
  const version = versions.sort((a, b) => Number(b) - Number(a))[0]
  if (!version) throw new Error('PostgreSQL is not installed')
  return join(root, version, 'bin')
}

function run(cmd: string, args: string[]): string {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp' }).toString()
}

/** A process that exited but was not reaped yet (state Z) is gone as far as PostgreSQL cares. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z'
  } catch {
    return false
  }
}

/** The pids whose parent is `pid` (the postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children
}

export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = postgresBin()
  const dir = `/tmp/retainkit-chaos-pg-${port}`
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir])
  chmodSync(dir, 0o700)
  run(join(bin, 'initdb'), ['-D', dir, '-U', 'retainkit', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  writeFileSync(
    join(dir, 'postgresql.auto.conf'),
    `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = on\nsynchronous_commit = on\nmax_connections = 50\n`,
  )
  if (isRoot) execFileSync('chown', ['postgres:postgres', join(dir, 'postgresql.auto.conf')])
  const start = () => {
    run(join(bin, 'pg_ctl'), ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  }
  start()
  run(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'retainkit', 'retainkit'])
  return {
    url: `postgres://retainkit@127.0.0.1:${port}/retainkit`,
    port,
    kill() {
      const postmaster = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])
      const victims = [postmaster, ...childrenOf(postmaster)]
      for (const pid of victims) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
      // Wait until every one of them is gone, so the restart finds no shared memory in use.
      const deadline = Date.now() + 10_000
      while (victims.some(alive) && Date.now() < deadline) {
        execFileSync('sleep', ['0.05'])
      }
    },
    start,
    destroy() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop'])
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
