import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The real image, where a Docker engine and its compose plugin are there: `docker compose up --build`
 * builds the Dockerfile and starts it beside PostgreSQL, /readyz answers 200 and the marketing home is
 * served, and `docker compose stop` drains (the server exits 0 on SIGTERM). Machines without an engine
 * (this one and CI's: the client only) skip this file and rely on server/src/ops/container.test.ts,
 * which runs the Dockerfile's own staging script and starts its output exactly as the image's CMD does.
 */
const REPO = resolve(import.meta.dirname, '..')

function docker(args: string[], env: NodeJS.ProcessEnv = process.env, timeout = 120_000) {
  return spawnSync('docker', args, { cwd: REPO, env, encoding: 'utf8', timeout })
}

function engineAndCompose(): boolean {
  if (process.env.RETAINKIT_SKIP_DOCKER === '1') return false
  const info = docker(['info', '--format', '{{.ServerVersion}}'], process.env, 10_000)
  const compose = docker(['compose', 'version'], process.env, 10_000)
  return info.status === 0 && compose.status === 0
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, deadline: number): Promise<Response> {
  let last = ''
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url)
      if (answer.ok) return answer
      last = `HTTP ${answer.status}`
    } catch (error) {
      last = String(error)
    }
    await new Promise((wait) => setTimeout(wait, 1000))
  }
  throw new Error(`${url} never answered 200 (last: ${last})`)
}

describe.runIf(engineAndCompose())('the image, built and started by a real Docker engine', () => {
  const project = `retainkit-ci-${process.pid}`
  const folder = mkdtempSync(join(tmpdir(), 'retainkit-compose-'))
  const envFile = join(folder, '.env')
  let env: NodeJS.ProcessEnv = process.env

  afterAll(() => {
    docker(['compose', '--env-file', envFile, '-p', project, 'down', '--volumes'], env)
    rmSync(folder, { recursive: true, force: true })
  })

  it('compose.yaml is valid Compose and the stack serves /readyz and the home page, then drains', async () => {
    const port = await freePort()
    writeFileSync(
      envFile,
      [
        `RETAINKIT_SECRET_KEY=${'ab'.repeat(32)}`,
        'POSTGRES_PASSWORD=ci-only-password',
        'SMTP_URL=smtp://127.0.0.1:2525',
        `PUBLIC_URL=http://127.0.0.1:${port}`,
        `RETAINKIT_PORT=${port}`,
      ].join('\n'),
    )
    env = { ...process.env }
    const base = ['compose', '--env-file', envFile, '-p', project]
    const config = docker([...base, 'config', '--quiet'], env)
    expect(config.status, config.stderr).toBe(0)

    const up = docker([...base, 'up', '-d', '--build', '--wait'], env, 900_000)
    expect(up.status, up.stderr).toBe(0)
    const ready = await waitFor(`http://127.0.0.1:${port}/readyz`, Date.now() + 60_000)
    expect(ready.status).toBe(200)
    const home = await waitFor(`http://127.0.0.1:${port}/`, Date.now() + 10_000)
    expect(await home.text()).toContain('Retainkit')

    const stop = docker([...base, 'stop', 'retainkit'], env, 60_000)
    expect(stop.status, stop.stderr).toBe(0)
    const exited = docker([...base, 'ps', '-a', '--format', '{{.ExitCode}}', 'retainkit'], env)
    expect(exited.stdout.trim()).toBe('0')
  }, 1_200_000)
})
