#!/usr/bin/env node
// Starts a throw-away PostgreSQL cluster for the test suites and prints its URL.
// Used by `.ci/run` and by the test harness when TEST_DATABASE_URL is unset. PostgreSQL refuses to run
// as root, so as root the cluster is created and started as the `postgres` system user.
//
//   node scripts/test-postgres.mjs          -> starts (or reuses) the cluster, prints the URL
//   node scripts/test-postgres.mjs --stop   -> stops it
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const PORT = Number(process.env.TEST_PG_PORT ?? 55432)
const DIR = process.env.TEST_PG_DIR ?? `/tmp/retainkit-test-pg-${PORT}`
const DB = 'retainkit_test'

export function findPostgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const bin = join(root, version, 'bin')
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin
  }
  return null
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

function asDbUser(cmd, args) {
  const full = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]
  return execFileSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp' }).toString()
}

function isRunning(bin) {
  try {
    asDbUser(join(bin, 'pg_ctl'), ['-D', DIR, 'status'])
    return true
  } catch {
    return false
  }
}

export function startTestPostgres() {
  const bin = findPostgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package: postgresql)')
  if (!existsSync(join(DIR, 'PG_VERSION'))) {
    mkdirSync(DIR, { recursive: true })
    if (isRoot) execFileSync('chown', ['postgres:postgres', DIR])
    chmodSync(DIR, 0o700)
    asDbUser(join(bin, 'initdb'), ['-D', DIR, '-U', 'retainkit', '--auth=trust', '-E', 'UTF8', '--no-sync'])
    writeFileSync(
      join(DIR, 'postgresql.auto.conf'),
      `port = ${PORT}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${DIR}'\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\nmax_connections = 200\n`,
    )
    if (isRoot) execFileSync('chown', ['postgres:postgres', join(DIR, 'postgresql.auto.conf')])
  }
  if (!isRunning(bin)) {
    asDbUser(join(bin, 'pg_ctl'), ['-D', DIR, '-l', join(DIR, 'server.log'), '-w', '-t', '60', 'start'])
  }
  try {
    asDbUser(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(PORT), '-U', 'retainkit', DB])
  } catch (error) {
    if (!String(error.stderr ?? '').includes('already exists')) throw error
  }
  return `postgres://retainkit@127.0.0.1:${PORT}/${DB}`
}

export function stopTestPostgres() {
  const bin = findPostgresBin()
  if (bin && isRunning(bin)) asDbUser(join(bin, 'pg_ctl'), ['-D', DIR, '-m', 'fast', 'stop'])
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--stop')) stopTestPostgres()
  else process.stdout.write(`${startTestPostgres()}\n`)
}
