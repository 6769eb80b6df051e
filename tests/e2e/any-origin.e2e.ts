import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { magicLinkFor } from '../support/console-helpers'
import { launchChromium } from '../support/product'

// The embedded default (no PUBLIC_URL), run as `npm start` runs it: the built server in its own
// process. A merchant who opens the console at http://127.0.0.1:<port> — or at the machine's LAN
// address, to try it on a phone — signs in there: the runtime config, the sign-in calls
// and the mailed link all follow the origin the console was opened at.
// The LAN address is reached through Chromium's proxy setting pointed at the server on loopback, so
// the browser asks for http://<LAN address>:<port>/ (that Host, that origin) while every packet stays
// on 127.0.0.1.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address

let server: ChildProcess
let port = 0
let dataDir = ''
let browser: Browser
let output = ''
const loopback = () => `http://127.0.0.1:${port}`

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', 'server', 'console', 'marketing'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  expect(built.status).toBe(0)
  port = await freePort()
  dataDir = mkdtempSync(join(tmpdir(), 'rk-any-origin-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RETAINKIT_SEED_DEMO: '0',
  }
  delete env.PUBLIC_URL
  delete env.NODE_ENV
  server = spawn(process.execPath, ['server/dist/index.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server.stdout?.on('data', (chunk) => {
    output += chunk
  })
  server.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`)
    if (
      await fetch(`${loopback()}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  server?.kill('SIGTERM')
  await new Promise((resolve) => (server?.exitCode === null ? server.once('exit', resolve) : resolve(null)))
  rmSync(dataDir, { recursive: true, force: true })
})

/** Signs in at `/login/` of `origin` (a first sign-in creates the account) and lands on the dashboard. */
async function signIn(context: BrowserContext, origin: string, email: string) {
  const failedCalls: string[] = []
  context.on('requestfailed', (request) => failedCalls.push(`${request.method()} ${request.url()}`))
  const login = await context.newPage()
  await login.goto(`${origin}/login/`)
  await login.getByRole('heading', { name: 'Welcome Back' }).waitFor()
  // What the console was told: this origin, not http://localhost:<port>.
  const config = await login.evaluate(async () => (await fetch('/runtime-config.json')).json())
  expect(config).toMatchObject({ backendUrl: origin, apiBaseUrl: origin, siteUrl: null })
  await login.getByLabel('Email address').fill(email)
  const after = Date.now() - 1000
  await login.getByRole('button', { name: 'Send magic link' }).click()
  await login.getByText('Check your email for your sign-in link.').waitFor()
  const link = await magicLinkFor(loopback(), email, after)
  // The mailed link leads back to where sign-in started.
  expect(new URL(link).origin).toBe(origin)
  await login.goto(link)
  await login.waitForURL(`${origin}/dashboard/?account_id=*`, { timeout: 30_000 })
  await login.getByRole('heading', { name: 'Dashboard' }).waitFor()
  expect(failedCalls).toEqual([])
  await context.close()
}

describe('the embedded default at whatever address it is opened from', () => {
  it('signs in at http://127.0.0.1:<port>/login/', async () => {
    await signIn(await browser.newContext(), loopback(), 'loopback-owner@example.com')
  })

  it('with PUBLIC_URL set, the console opened at another origin moves over to it', async () => {
    const fixedPort = await freePort()
    const fixedDir = mkdtempSync(join(tmpdir(), 'rk-any-origin-fixed-'))
    const fixed = spawn(process.execPath, ['server/dist/index.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(fixedPort),
        HOST: '127.0.0.1',
        DATA_DIR: fixedDir,
        RETAINKIT_SEED_DEMO: '0',
        PUBLIC_URL: `http://localhost:${fixedPort}`,
      },
      stdio: 'ignore',
    })
    try {
      const deadline = Date.now() + 60_000
      while (
        !(await fetch(`http://127.0.0.1:${fixedPort}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error('the PUBLIC_URL server did not start')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`http://127.0.0.1:${fixedPort}/login/?next=%2Fdashboard%2F`)
      await page.waitForURL(`http://localhost:${fixedPort}/login/?next=%2Fdashboard%2F`)
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor()
      await context.close()
    } finally {
      fixed.kill('SIGTERM')
      await new Promise((resolve) => (fixed.exitCode === null ? fixed.once('exit', resolve) : resolve(null)))
      rmSync(fixedDir, { recursive: true, force: true })
    }
  })

  it.runIf(lanAddress)(`signs in at the machine's LAN address (${lanAddress})`, async () => {
    const origin = `http://${lanAddress}:${port}`
    await signIn(await browser.newContext({ proxy: { server: loopback() } }), origin, 'lan-owner@example.com')
  })
})
