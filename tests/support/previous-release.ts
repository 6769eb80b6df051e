import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync } from 'node:zlib'
import { freePort } from '@retainkit/server/testing'

/**
 * The previous release, as a fresh clone has it without rebuilding old commits: its widget under
 * widget/releases/<contract>/ (what every newer server serves) and its server in tests/previous-release/
 * (scripts/widget-release.mjs archived both). `previousRelease()` lays the server out the way its
 * bundle expects — server/dist/index.mjs, server/src/db/migrations, widget/dist — under .test-data/
 * (inside the repository, so its one external import, PGlite, resolves to node_modules), once per commit.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export interface ReleaseManifest {
  contract: number
  release: string
  commit: string
  loader: string
  bundle: string
  chunks: string[]
}

export interface PreviousRelease {
  manifest: ReleaseManifest
  /** Its layout's root: `server/dist/index.mjs` is the entry. */
  dir: string
  /** Its loader's and bundle's text, as browsers that loaded it keep it. */
  loader: string
  bundle: string
}

export function previousRelease(): PreviousRelease {
  const manifest = JSON.parse(
    readFileSync(join(ROOT, 'tests/previous-release/release.json'), 'utf8'),
  ) as ReleaseManifest
  const widget = join(ROOT, 'widget/releases', String(manifest.contract))
  const dir = join(ROOT, '.test-data/previous-release', manifest.commit.slice(0, 12))
  if (!existsSync(join(dir, '.complete'))) {
    const { files } = JSON.parse(
      brotliDecompressSync(readFileSync(join(ROOT, 'tests/previous-release/server.json.br'))).toString(
        'utf8',
      ),
    ) as { files: Record<string, string> }
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    mkdirSync(join(dir, 'widget/dist'), { recursive: true })
    for (const file of [manifest.loader, manifest.bundle, ...manifest.chunks])
      cpSync(join(widget, file), join(dir, 'widget/dist', file))
    writeFileSync(join(dir, '.complete'), `${manifest.commit}\n`)
  }
  return {
    manifest,
    dir,
    loader: readFileSync(join(widget, manifest.loader), 'utf8'),
    bundle: readFileSync(join(widget, manifest.bundle), 'utf8'),
  }
}

export interface ServerInstance {
  name: string
  url: string
  child: ChildProcess
  output(): string
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>
}

/**
 * A server process from an entry file (the previous release's, or this checkout's build): ready once
 * `/health` answers 200. `env` is the whole configuration (PORT is chosen here).
 */
export async function startInstance(
  name: string,
  entry: string,
  cwd: string,
  env: Record<string, string>,
): Promise<ServerInstance> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--expose-gc', entry], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'development',
      RETAINKIT_SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-50_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited before it was ready:\n${output}`)
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 120 s:\n${output}`)
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    name,
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
