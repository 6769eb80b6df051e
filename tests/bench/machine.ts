import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'

/** What the figures were measured on: the machine, and the versions of everything on the hot paths. */
const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function command(file: string, args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 10_000 }, (error, stdout) => resolve(error ? '' : stdout.trim()))
  })
}

function packageVersion(name: string): string {
  try {
    return (
      JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string }
    ).version
  } catch {
    return 'not installed'
  }
}

async function postgresVersion(): Promise<string> {
  try {
    const versions = readdirSync('/usr/lib/postgresql').sort()
    const newest = versions.at(-1)
    if (newest) {
      const text = await command(`/usr/lib/postgresql/${newest}/bin/postgres`, ['--version'])
      if (text) return text.replace(/^postgres \(PostgreSQL\) /, '')
    }
  } catch {
    // not installed in Debian's place: try PATH
  }
  return (
    (await command('postgres', ['--version'])).replace(/^postgres \(PostgreSQL\) /, '') || 'not installed'
  )
}

export async function machineNotes(): Promise<string[]> {
  const cpu = cpus()
  const chromium = (await command('/usr/bin/chromium', ['--version'])) || 'not installed'
  const packages = [
    'hono',
    '@hono/node-server',
    '@electric-sql/pglite',
    'pg',
    'kysely',
    'stripe',
    'preact',
    'playwright-core',
    'tsx',
  ].map((name) => `${name} ${packageVersion(name)}`)
  return [
    `machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average at the end ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
    `versions: Node ${process.version}, PostgreSQL ${await postgresVersion()}, ${chromium}`,
    `packages: ${packages.join(', ')}`,
  ]
}
