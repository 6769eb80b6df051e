import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { REPO_ROOT } from '../../src/bootstrap'

/**
 * The real server as its own process (what `npm start` runs), for tests about processes: two on one
 * DATA_DIR, a database killed under load. Output is collected; the exit is awaited.
 */
export interface ServerProcess {
  child: ChildProcess
  port: number
  url: string
  output(): string
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>
  /** Resolves once the server answers /health with any status, or rejects if it exits first. */
  ready(timeoutMs?: number): Promise<void>
  stop(): Promise<number | null>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()))
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/src/index.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      RETAINKIT_SEED_DEMO: '0',
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  let done = false
  void exited.then(() => {
    done = true
  })
  const url = `http://127.0.0.1:${port}`
  return {
    child,
    port,
    url,
    output: () => output,
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        if (done) throw new Error(`the server exited before it was ready:\n${output}`)
        try {
          await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })
          return
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      throw new Error(`the server was not ready within ${timeoutMs} ms:\n${output}`)
    },
    async stop() {
      if (!done) child.kill('SIGTERM')
      return exited
    },
  }
}
