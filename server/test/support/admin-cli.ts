import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { writeAdminFile } from '../../src/admin/admin-file'
import { runAdmin } from '../../src/admin/cli'
import { createApp } from '../../src/app'
import type { TestContext } from './harness'

export interface AdminCliRun {
  code: number
  out: string
  err: string
}

export interface AdminCli {
  /** The DATA_DIR holding admin.json, as `npm start` writes it. */
  dataDir: string
  /** `npm run admin -- <argv>`: the real command (runAdmin, what the CLI's main calls), its output. */
  run(argv: string[], env?: NodeJS.ProcessEnv): Promise<AdminCliRun>
  close(): void
}

/**
 * `npm run admin` as next to a running `npm start`: the app over `t` listens on a loopback port and
 * DATA_DIR/admin.json names it with its admin token, so the command talks to a real server.
 */
export async function startAdminCli(
  t: TestContext,
  token = `admin-token-${crypto.randomUUID()}`,
): Promise<AdminCli> {
  const app = createApp({ ...t.deps, adminToken: token })
  let stopServer = () => {}
  const url = await new Promise<string>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    )
    stopServer = () => server.close()
  })
  const dataDir = mkdtempSync(join(tmpdir(), 'rk-admin-'))
  writeAdminFile(dataDir, { url, token, pid: process.pid })
  return {
    dataDir,
    async run(argv, env = { DATA_DIR: dataDir }) {
      const out: string[] = []
      const err: string[] = []
      const code = await runAdmin(
        argv,
        { NODE_ENV: 'test', RETAINKIT_SEED_DEMO: '0', ...env },
        { out: (line) => out.push(line), err: (line) => err.push(line) },
      )
      return { code, out: out.join('\n'), err: err.join('\n') }
    },
    close() {
      stopServer()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
