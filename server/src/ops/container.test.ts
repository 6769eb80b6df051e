import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SERVER_ENTRY, SERVER_NODE_ARGS, serverEnv } from '../../../scripts/server-command.mjs'
import { testPostgresUrl } from '../../test/support/harness'
import { freePort } from '../../test/support/server-process'
import { REPO_ROOT } from '../bootstrap'

/**
 * The container image and compose file. This machine (and CI's) has Docker's client but no engine, so
 * `docker build` cannot run here: the Dockerfile's build stage ends in `scripts/container/stage.mjs`,
 * and this test runs that very script after the build, then starts the staged folder exactly as the
 * image's CMD does, with compose.yaml's environment (PostgreSQL in the server-pg project; none — PGlite
 * in DATA_DIR, a plain `docker run` — in the other): /readyz answers 200, the marketing home is served,
 * and SIGTERM (`docker stop`) drains and exits 0. The Dockerfile and compose.yaml are read and held to
 * what the image must be: multi-stage, non-root, the same Node flags and allocator settings as
 * `npm start`, health checks, a volume, a required secret key.
 */
const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8')
const compose = parse(readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8')) as {
  services: Record<string, Record<string, unknown> & { environment?: Record<string, string> }>
  volumes: Record<string, unknown>
}

describe('the Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1)
  const runtime = stages.at(-1) ?? ''

  it('builds in one stage and runs the staged files in another, as the unprivileged node user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    expect(stages[0]).toMatch(
      /npm ci[^\n]*\\\n\s*&& node scripts\/build\.mjs[^\n]*\\\n\s*&& node scripts\/container\/stage\.mjs \/stage/,
    )
    expect(runtime).toContain('COPY --from=build --chown=node:node /stage /app')
    expect(runtime).toMatch(/^USER node$/m)
    expect(runtime).not.toMatch(/^(RUN|CMD|ENTRYPOINT)\b.*\bnpm\b/m)
  })

  it('runs the server as npm start does: the same Node flags, entry and allocator settings', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1]
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_NODE_ARGS, SERVER_ENTRY])
    for (const [name, value] of Object.entries(serverEnv({}))) expect(runtime).toContain(`${name}=${value}`)
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/livez/m)
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m)
  })
})

describe('compose.yaml', () => {
  const { postgres, retainkit } = compose.services
  it('runs PostgreSQL with a health check and a volume, and Retainkit once it is healthy', () => {
    expect(postgres?.healthcheck).toMatchObject({
      test: expect.arrayContaining([expect.stringContaining('pg_isready')]),
    })
    expect(postgres?.volumes).toEqual(['pgdata:/var/lib/postgresql/data'])
    expect(retainkit?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } })
    expect(JSON.stringify(retainkit?.healthcheck)).toContain('/readyz')
    expect(Object.keys(compose.volumes).sort()).toEqual(['pgdata', 'retainkit-data'])
    expect(retainkit?.init).toBe(true)
  })

  it('refuses to start without the secret key, the database password and SMTP', () => {
    const env = retainkit?.environment ?? {}
    expect(env.RETAINKIT_SECRET_KEY).toMatch(/^\$\{RETAINKIT_SECRET_KEY:\?/)
    expect(env.DATABASE_URL).toMatch(
      /^postgres:\/\/retainkit:\$\{POSTGRES_PASSWORD:\?[^}]*\}@postgres:5432\/retainkit$/,
    )
    expect(env.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?/)
  })
})

describe('the staged image files, started as the image starts them', () => {
  const onPostgres = process.env.TEST_DB === 'postgres'
  let folder = ''
  let dataDir = ''
  let server: ChildProcess | null = null
  let output = ''
  let origin = ''
  let admin: pg.Client | null = null
  const databaseName = `rk_image_${process.pid}`
  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-needed'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    })
    expect(built.status, built.stderr?.toString()).toBe(0)
    folder = mkdtempSync(join(tmpdir(), 'rk-image-'))
    dataDir = mkdtempSync(join(tmpdir(), 'rk-image-data-'))
    const staged = spawnSync(process.execPath, ['scripts/container/stage.mjs', join(folder, 'app')], {
      cwd: REPO_ROOT,
    })
    expect(staged.status, staged.stderr?.toString()).toBe(0)
    let databaseUrl: string | null = null
    if (onPostgres) {
      // An empty database, as compose's PostgreSQL starts: the server migrates it.
      const url = new URL(testPostgresUrl())
      admin = new pg.Client({ connectionString: url.toString() })
      await admin.connect()
      await admin.query(`create database ${databaseName}`)
      url.pathname = `/${databaseName}`
      databaseUrl = url.toString()
    }
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    // compose.yaml's environment, the Dockerfile's ENV, and the CMD.
    server = spawn('node', [...SERVER_NODE_ARGS, SERVER_ENTRY], {
      cwd: join(folder, 'app'),
      env: {
        PATH: process.env.PATH ?? '',
        ...serverEnv({}),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        RETAINKIT_SECRET_KEY: 'ab'.repeat(32),
        SMTP_URL: 'smtp://127.0.0.1:1',
        RETAINKIT_COMMIT: 'f'.repeat(40),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  }, 600_000)
  afterAll(async () => {
    server?.kill('SIGKILL')
    await admin?.query(`drop database if exists ${databaseName} with (force)`)
    await admin?.end()
    rmSync(folder, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('holds no sources, tests or dev dependencies', () => {
    const listed = spawnSync('find', ['.', '-maxdepth', '3'], {
      cwd: join(folder, 'app'),
      encoding: 'utf8',
    }).stdout
    expect(listed).not.toMatch(/\.\/server\/src\/(routes|services)|\/tests\b|vitest|typescript|esbuild/)
    expect(listed).toContain('./server/dist/index.mjs')
  })

  it('serves /readyz and the marketing home, and drains on SIGTERM', async () => {
    await expect
      .poll(
        async () => {
          if (server?.exitCode !== null) throw new Error(`the server exited: ${output}`)
          return (await fetch(`${origin}/readyz`).catch(() => null))?.status
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200)
    const ready = (await (await fetch(`${origin}/readyz`)).json()) as { commit: string; database: string }
    expect(ready).toMatchObject({ commit: 'f'.repeat(40), database: onPostgres ? 'postgres' : 'pglite' })
    const home = await fetch(`${origin}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('Retainkit')
    const exited = new Promise<number | null>((resolve) => server?.on('exit', (code) => resolve(code)))
    server?.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('shutting down: draining in-flight requests')
  }, 120_000)
})
