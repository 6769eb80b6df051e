import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createStripeFake } from '@retainkit/fakes/stripe'
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from '@retainkit/server/testing'
import pg from 'pg'
import { previousRelease, type ServerInstance, startInstance } from './previous-release'

/**
 * A rolling deploy as an operator runs one: one PostgreSQL, one load balancer (its address is
 * PUBLIC_URL for every instance), the previous release's server and this checkout's built server
 * behind it. The balancer sends each request to the instance(s) `route` names — the previous one, the
 * current one, or both in turn (request by request, each on a fresh connection), as a balancer does
 * while instances are replaced one by one.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SECRET_KEY = 'c0ffee42'.repeat(8)

export type Route = 'previous' | 'current' | 'both'

export interface Deploy {
  /** The balancer: what subscribers' browsers and the merchant's backend talk to. */
  url: string
  database: ThrowawayPostgres
  stripe: ReturnType<typeof createStripeFake>
  previous: ServerInstance | null
  current: ServerInstance | null
  route: Route
  /** Each instance's DATA_DIR (its admin.json among its files). */
  dataDirs: Partial<Record<'previous' | 'current', string>>
  /** Which instance answered each request, in order (`previous GET /w/loader.js`). */
  answered: string[]
  startPrevious(): Promise<ServerInstance>
  startCurrent(): Promise<ServerInstance>
  sql<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export async function startDeploy(): Promise<Deploy> {
  const database = startThrowawayPostgres(await freePort())
  const stripe = createStripeFake()
  const stripeServer = await stripe.listen()
  const dirs: string[] = []
  let turn = 0
  const balancer = createServer((req, res) => {
    const targets = [deploy.previous, deploy.current].filter(
      (s, i): s is ServerInstance =>
        !!s && (deploy.route === 'both' || deploy.route === (i === 0 ? 'previous' : 'current')),
    )
    const target = targets[turn++ % Math.max(targets.length, 1)]
    if (!target) {
      res.writeHead(502).end()
      return
    }
    deploy.answered.push(`${target.name} ${req.method} ${req.url}`)
    const upstream = request(
      `${target.url}${req.url}`,
      { method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.headersSent || res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`

  const env = (name: 'previous' | 'current') => {
    const dataDir = mkdtempSync(join(tmpdir(), `rk-deploy-${name}-`))
    dirs.push(dataDir)
    deploy.dataDirs[name] = dataDir
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      RETAINKIT_SECRET_KEY: SECRET_KEY,
      PUBLIC_URL: url,
      STRIPE_API_BASE: stripeServer.url,
    }
  }

  const deploy: Deploy = {
    url,
    database,
    stripe,
    previous: null,
    current: null,
    route: 'previous',
    dataDirs: {},
    answered: [],
    async startPrevious() {
      const release = previousRelease()
      deploy.previous = await startInstance('previous', 'server/dist/index.mjs', release.dir, env('previous'))
      return deploy.previous
    },
    async startCurrent() {
      deploy.current = await startInstance('current', 'server/dist/index.mjs', ROOT, env('current'))
      return deploy.current
    },
    async sql(text, values) {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      try {
        return (await client.query(text, values)).rows
      } finally {
        await client.end()
      }
    },
    async close() {
      await deploy.previous?.stop()
      await deploy.current?.stop()
      await new Promise<void>((resolve) => {
        balancer.close(() => resolve())
        balancer.closeAllConnections()
      })
      await stripeServer.close()
      database.destroy()
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
  return deploy
}
